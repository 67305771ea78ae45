import { expect } from 'chai';
import { projectStream } from '../../src/domain/project/events.js';
import { expectEventually } from '../support/eventually.js';
import { expectProblem, readJson } from '../support/http.js';
import { appendUnstorableSubmission } from '../support/poison-event.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** The value of one series in a Prometheus text exposition, or undefined when it is absent. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operator endpoints: /healthz, /readyz, /metrics', function () {
  this.timeout(120_000);

  describe('liveness and readiness', () => {
    let server: TestServer;
    let project: { projectId: string; secretKey: string };

    before(async () => {
      // No tolerance at all: any event a projection has not applied for a second makes the node unready.
      server = await startTestServer({ workers: false, env: { READY_MAX_LAG_EVENTS: '0', READY_MAX_LAG_SECONDS: '0' } });
      project = await server.createProject({ name: 'Ops' });
    });
    after(() => server.close());

    it('GET /healthz answers 200 without a key and without the database', async () => {
      const response = await server.request('/healthz');
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(await readJson(response)).to.deep.equal({ status: 'ok' });
    });

    it('GET /readyz answers 200 with each check when the database answers, migrations are applied and projections are caught up', async () => {
      await expectEventually(async () => {
        const response = await server.request('/readyz');
        expect(response.status).to.equal(200);
        const body = await readJson(response);
        expect(body.status).to.equal('ready');
        expect(Object.keys(body.checks).sort()).to.deep.equal(['database', 'migrations', 'projections', 'startup']);
        for (const check of Object.values<any>(body.checks)) expect(check.ok).to.equal(true);
        expect(body.checks.projections.followed).to.be.greaterThan(10);
        expect(body.checks.projections.furthestBehind.events).to.equal(0);
      });
    });

    it('GET /readyz answers 503 problem+json naming the projections while they are behind the log, and 200 once they catch up', async () => {
      await server.runtime.engine.stop(); // the projection loop stalls
      const changes = { customerValueTrait: 'mrr' };
      await server.runtime.store.append(
        projectStream(project.projectId),
        [{ type: 'ProjectSettingsChanged', data: { projectId: project.projectId, changes, changedAt: new Date().toISOString() } }],
        'any',
      );
      await expectEventually(
        async () => {
          const problem = await expectProblem(await server.request('/readyz'), 503, 'not-ready');
          expect(problem.detail).to.include('projections').and.include('behind the log');
          expect(problem.checks.projections.ok).to.equal(false);
          expect(problem.checks.projections.furthestBehind.events).to.equal(1);
          expect(problem.checks.database.ok).to.equal(true);
        },
        { timeoutMs: 10_000, intervalMs: 250 },
      );
      expect((await server.request('/healthz')).status, 'alive all the same').to.equal(200);
      await server.runtime.engine.start();
      await expectEventually(async () => expect((await server.request('/readyz')).status).to.equal(200), { timeoutMs: 10_000, intervalMs: 250 });
    });

    it('POST /healthz is 405 naming GET', async () => {
      const response = await server.request('/healthz', { method: 'POST' });
      await expectProblem(response, 405, 'method-not-allowed');
      expect(response.headers.get('allow')).to.equal('GET');
    });
  });

  describe('metrics from loopback (no METRICS_TOKEN)', () => {
    let server: TestServer;
    let project: { projectId: string; secretKey: string };

    before(async () => {
      server = await startTestServer({ workers: false });
      project = await server.createProject({ name: 'Metrics' });
    });
    after(() => server.close());

    it('serves the Prometheus text format to a loopback caller, with request counts by route template', async () => {
      for (let i = 0; i < 3; i++) expect((await server.request('/api/v1/ping', { key: project.secretKey })).status).to.equal(200);
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await server.request(`/api/v1/feedback/${missing}`, { key: project.secretKey })).status).to.equal(404);
      const response = await server.request('/metrics');
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(sample(text, 'feedback_http_requests_total{method="GET",route="/api/v1/ping",status="200"}')).to.equal(3);
      expect(sample(text, 'feedback_http_request_duration_seconds_count{method="GET",route="/api/v1/ping",status="200"}')).to.equal(3);
      expect(sample(text, 'feedback_http_requests_total{method="GET",route="/api/v1/feedback/:id",status="404"}')).to.equal(1);
      expect(text, 'no ids in labels').not.to.include(missing);
      expect(text).not.to.include(project.projectId);
    });

    it('shows the depth of every work queue, projection lag and parked events, and process metrics under the prefix', async () => {
      await appendUnstorableSubmission(server.runtime.store, project.projectId);
      const submitted = await server.request('/api/v1/feedback', { method: 'POST', key: project.secretKey, body: JSON.stringify({ text: 'Export is slow' }) });
      expect(submitted.status).to.equal(202);
      await expectEventually(async () => {
        const text = await (await server.request('/metrics')).text();
        expect(sample(text, 'feedback_projection_parked_events{projection="feedback-list"}')).to.equal(1);
        // Workers are off: the item waits in the analysis queue.
        expect(sample(text, 'feedback_queue_depth{queue="analysis"}')).to.be.at.least(1);
      });
      const text = await (await server.request('/metrics')).text();
      for (const queue of ['analysis', 'clustering', 'erasure', 'user_health', 'webhook_deliveries']) {
        expect(sample(text, `feedback_queue_depth{queue="${queue}"}`), queue).to.be.a('number');
      }
      expect(sample(text, 'feedback_projection_lag_events{projection="feedback-list"}')).to.be.a('number');
      expect(sample(text, 'feedback_projection_lag_seconds{projection="projects"}')).to.be.a('number');
      expect(sample(text, 'feedback_analysis_items_total{outcome="analysed"}')).to.equal(0);
      expect(sample(text, 'feedback_webhook_deliveries_total{outcome="delivered"}')).to.equal(0);
      expect(text).to.match(/^feedback_process_cpu_user_seconds_total \d/m);
      expect(text).to.match(/^feedback_nodejs_heap_size_used_bytes \d/m);
    });

    it('a request a proxy forwarded is not loopback: 404, the same problem as any unknown path', async () => {
      const unknown = await expectProblem(await server.request('/no-such-path'), 404, 'not-found');
      const forwarded: Record<string, string>[] = [
        { 'X-Forwarded-For': '203.0.113.7' },
        { 'X-Forwarded-For': '127.0.0.1' },
        { Forwarded: 'for=127.0.0.1' },
        { 'X-Real-IP': '::1' },
      ];
      for (const headers of forwarded) {
        const problem = await expectProblem(await server.request('/metrics', { headers }), 404, 'not-found');
        expect(problem.title, JSON.stringify(headers)).to.equal(unknown.title);
        expect(problem.detail).to.equal('There is no route GET /metrics; see /api/v1/openapi.json.');
      }
      // Nor does another method give it away.
      await expectProblem(await server.request('/metrics', { method: 'POST', headers: { 'X-Forwarded-For': '203.0.113.7' } }), 404, 'not-found');
    });
  });

  describe('metrics with METRICS_TOKEN', () => {
    const token = 'scrape-token-6f1c0b5e9a7d4c3b';
    let server: TestServer;

    before(async () => {
      server = await startTestServer({ workers: false, env: { METRICS_TOKEN: token } });
    });
    after(() => server.close());

    it('a wrong or missing token is 404 even from loopback; the right one is 200, from behind a proxy too', async () => {
      await expectProblem(await server.request('/metrics'), 404, 'not-found');
      await expectProblem(await server.request('/metrics', { key: `${token}x` }), 404, 'not-found');
      await expectProblem(await server.request('/metrics', { key: token.slice(0, -1) }), 404, 'not-found');
      await expectProblem(await server.request('/metrics', { headers: { Authorization: `Basic ${token}` } }), 404, 'not-found');
      const allowed = await server.request('/metrics', { key: token });
      expect(allowed.status).to.equal(200);
      expect(await allowed.text()).to.include('feedback_http_requests_total');
      expect((await server.request('/metrics', { key: token, headers: { 'X-Forwarded-For': '203.0.113.7' } })).status).to.equal(200);
    });

    it('the health endpoints need no token', async () => {
      expect((await server.request('/healthz')).status).to.equal(200);
      await expectEventually(async () => expect((await server.request('/readyz')).status).to.equal(200));
    });
  });
});
