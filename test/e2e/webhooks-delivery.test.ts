import { expect } from 'chai';
import { expectEventually } from '../support/eventually.js';
import { readJson, type TestProject } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { MutableClock } from '../support/mutable-clock.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { verifySpecSignature, verifyStandardWebhook, WebhookReceiver } from '../support/webhook-receiver.js';
import { submitFeedback } from '../support/feedback.js';
import { LOGIN_PHRASINGS, waitForCluster } from '../support/clusters.js';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Webhook deliveries (spec 2.7, 3.4, 6)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  const clock = new MutableClock();
  const logs = new LogCapture();
  const secrets: string[] = [];
  let clusterCount = 0;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ clock, logStream: logs, env: { WEBHOOK_ALLOW_HTTP: 'true', LOG_LEVEL: 'info', WEBHOOK_SECRET_KEY: 'b'.repeat(64) } });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function endpoint(project: TestProject, path: string, events: string[]): Promise<{ id: string; secret: string }> {
    const response = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url(path), events }),
    });
    expect(response.status).to.equal(201);
    const body = await readJson(response);
    secrets.push(body.secret);
    return body;
  }

  async function health(project: TestProject, id: string): Promise<any> {
    const list = await readJson(await server.request('/api/v1/webhooks', { key: project.secretKey }));
    return list.webhooks.find((endpoint: any) => endpoint.id === id);
  }

  /** Records a domain event straight into the log (as the clustering worker would) and waits for the consumers. */
  async function record(stream: string, type: string, data: Record<string, unknown>): Promise<void> {
    const appended = await server.runtime.store.append(stream, [{ type, data, metadata: { ...testContext() } }], 'any');
    await server.runtime.engine.waitFor(appended.position);
  }

  async function theme(project: TestProject, label: string): Promise<string> {
    const clusterId = `cl_test${++clusterCount}`;
    const at = clock.now().toISOString();
    await record(`cluster-${clusterId}`, 'ClusterCreated', { clusterId, projectId: project.projectId, at, model: 'test' });
    await record(`cluster-label-${clusterId}-1`, 'ClusterLabeled', { clusterId, projectId: project.projectId, at, label, generation: 1 });
    return clusterId;
  }

  const resolveTheme = (project: TestProject, clusterId: string) =>
    record(`cluster-${clusterId}`, 'ClusterResolved', { clusterId, projectId: project.projectId, at: clock.now().toISOString() });

  it('delivers feedback.processed with the analysis and the theme, signed per spec 6 and per Standard Webhooks', async () => {
    const project = await server.createProject({ name: 'Processed' });
    const hook = await endpoint(project, '/processed', ['feedback.processed']);
    const id = await submitFeedback(server, project.secretKey, { text: 'The new dashboard is wonderful, thank you!' });
    const item = await waitForProcessed(server, project.secretKey, id);
    await expectEventually(() => expect(receiver.at('/processed')).to.have.length(1));
    const [delivery] = receiver.at('/processed');
    expect(delivery.headers['content-type']).to.equal('application/json');
    expect(delivery.json).to.have.all.keys('id', 'event', 'occurredAt', 'data');
    expect(delivery.json.id).to.match(/^evt_/).and.equal(delivery.headers['webhook-id']);
    expect(delivery.json.event).to.equal('feedback.processed');
    const theme = await readJson(await server.request(`/api/v1/clusters/${item.clusterId}`, { key: project.secretKey }));
    expect(theme.cluster.label).to.be.a('string').and.not.equal('');
    expect(delivery.json.data).to.deep.equal({
      feedbackId: id,
      sentiment: item.sentiment,
      sentimentScore: item.sentimentScore,
      type: item.type,
      emotions: item.emotions,
      language: item.language,
      churnRisk: false,
      clusterId: item.clusterId,
      label: theme.cluster.label,
      processedAt: item.processedAt,
    });
    expect(delivery.json.occurredAt).to.equal(item.processedAt);
    expect(verifySpecSignature(hook.secret, String(delivery.headers['x-service-signature']), delivery.body, nowSeconds())).to.equal(true);
    expect(String(delivery.headers['x-service-signature'])).to.match(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyStandardWebhook(hook.secret, delivery.headers, delivery.body, nowSeconds())).to.equal(true);
    // A tampered body or a stale timestamp fails verification.
    expect(verifySpecSignature(hook.secret, String(delivery.headers['x-service-signature']), delivery.body + ' ', nowSeconds())).to.equal(false);
    expect(verifySpecSignature(hook.secret, String(delivery.headers['x-service-signature']), delivery.body, nowSeconds() + 301)).to.equal(false);
    await expectEventually(async () => expect(await health(project, hook.id)).to.include({ lastStatus: 200, consecutiveFailures: 0, pendingDeliveries: 0 }));
  });

  it('delivers cluster.regressed with clusterId, the current label and triggeredByFeedbackId; cluster.resolved with the user ids; cluster.spiking', async () => {
    const project = await server.createProject({ name: 'Themes' });
    await endpoint(project, '/themes', ['cluster.regressed', 'cluster.resolved', 'cluster.spiking']);
    const feedbackId = await submitFeedback(server, project.secretKey, { text: 'Export to CSV breaks again.' });
    const clusterId = await theme(project, 'csv export');
    // A real theme of two users' items, resolved by its owner: the event names nobody, the outbox lists the theme's users.
    const [first, second] = [
      await submitFeedback(server, project.secretKey, { text: LOGIN_PHRASINGS[0], userId: 'user_2' }),
      await submitFeedback(server, project.secretKey, { text: LOGIN_PHRASINGS[1], userId: 'user_1' }),
    ];
    const resolvedTheme = await waitForCluster(server, project, first);
    expect(await waitForCluster(server, project, second)).to.equal(resolvedTheme);
    const resolved = await server.request(`/api/v1/clusters/${resolvedTheme}`, {
      method: 'PATCH',
      key: project.secretKey,
      body: JSON.stringify({ status: 'resolved' }),
    });
    expect(resolved.status).to.equal(200);
    const at = clock.now().toISOString();
    await record(`cluster-${clusterId}`, 'ClusterRegressed', { clusterId, projectId: project.projectId, at, triggeredByFeedbackId: feedbackId });
    await record(`cluster-${clusterId}`, 'ClusterSpiking', {
      clusterId,
      projectId: project.projectId,
      at,
      reportsLast24h: 5,
      priorDailyRate: 0.5,
      triggeredByFeedbackId: feedbackId,
    });
    await expectEventually(() => expect(receiver.at('/themes')).to.have.length(3));
    const byKind = Object.fromEntries(receiver.at('/themes').map((delivery) => [delivery.json.event, delivery.json]));
    expect(byKind['cluster.resolved'].data).to.deep.equal({ clusterId: resolvedTheme, userIds: ['user_1', 'user_2'] });
    expect(byKind['cluster.regressed'].data).to.deep.equal({ clusterId, label: 'csv export', triggeredByFeedbackId: feedbackId });
    expect(byKind['cluster.spiking'].data).to.deep.equal({
      clusterId,
      label: 'csv export',
      triggeredByFeedbackId: feedbackId,
      reportsLast24h: 5,
      priorDailyRate: 0.5,
    });
    expect(new Set(receiver.at('/themes').map((delivery) => delivery.json.id)).size).to.equal(3);
  });

  it('never sends cluster.spiking or cluster.regressed for an item backfilled more than 48 hours in the past', async () => {
    const project = await server.createProject({ name: 'Backfill' });
    const hook = await endpoint(project, '/backfill', ['cluster.regressed', 'cluster.spiking', 'cluster.resolved']);
    const createdAt = new Date(clock.now().getTime() - 72 * 3600_000).toISOString();
    const old = await submitFeedback(server, project.secretKey, { text: 'Old complaint about invoices.', createdAt });
    const clusterId = await theme(project, 'invoices');
    const at = clock.now().toISOString();
    await record(`cluster-${clusterId}`, 'ClusterRegressed', { clusterId, projectId: project.projectId, at, triggeredByFeedbackId: old });
    await record(`cluster-${clusterId}`, 'ClusterSpiking', {
      clusterId,
      projectId: project.projectId,
      at,
      reportsLast24h: 4,
      priorDailyRate: 0,
      triggeredByFeedbackId: old,
    });
    await resolveTheme(project, clusterId); // a marker that does go out
    await expectEventually(() => expect(receiver.at('/backfill')).to.have.length(1));
    expect(receiver.at('/backfill')[0].json.event).to.equal('cluster.resolved');
    // The receiver has the delivery before the worker records its 2xx.
    await expectEventually(async () => expect((await health(project, hook.id)).pendingDeliveries).to.equal(0), { intervalMs: 250 });
  });

  it('sends an endpoint only events after its creation, and a reproject --all sends nothing again', async () => {
    const project = await server.createProject({ name: 'Replay' });
    await endpoint(project, '/early', ['cluster.resolved']);
    const clusterId = await theme(project, 'replay');
    await resolveTheme(project, clusterId);
    await expectEventually(() => expect(receiver.at('/early')).to.have.length(1));
    const late = await endpoint(project, '/late', ['cluster.resolved']);
    const before = await server.runtime.db.query(`SELECT event_id, endpoint_id FROM webhook_deliveries ORDER BY 1, 2`);

    const { engine } = server.runtime;
    await engine.reset(engine.projectorNames);
    await engine.catchUp();
    await sleep(1500);
    const after = await server.runtime.db.query(`SELECT event_id, endpoint_id FROM webhook_deliveries ORDER BY 1, 2`);
    expect(after.rows).to.deep.equal(before.rows);
    expect(receiver.at('/early')).to.have.length(1);
    expect(receiver.at('/late')).to.have.length(0);
    expect((await health(project, late.id)).pendingDeliveries).to.equal(0);
  });

  it('a paused endpoint receives nothing and keeps its secret; resumed, it receives new events signed with the same secret', async () => {
    const project = await server.createProject({ name: 'Pause' });
    const hook = await endpoint(project, '/paused', ['cluster.resolved']);
    const patch = (active: boolean) =>
      server.request(`/api/v1/webhooks/${hook.id}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify({ active }) });
    expect((await readJson(await patch(false))).active).to.equal(false);
    const first = await theme(project, 'paused one');
    await resolveTheme(project, first);
    await sleep(1500);
    expect(receiver.at('/paused')).to.have.length(0);
    expect((await health(project, hook.id)).pendingDeliveries).to.equal(0);

    expect((await readJson(await patch(true))).active).to.equal(true);
    const second = await theme(project, 'paused two');
    await resolveTheme(project, second);
    await expectEventually(() => expect(receiver.at('/paused')).to.have.length(1));
    const [delivery] = receiver.at('/paused');
    expect(delivery.json.data.clusterId).to.equal(second);
    expect(verifySpecSignature(hook.secret, String(delivery.headers['x-service-signature']), delivery.body, nowSeconds())).to.equal(true);
  });

  it('retries a failed delivery with the same event id, and auto-disables an endpoint failing continuously for 15 minutes', async () => {
    const project = await server.createProject({ name: 'Down' });
    const hook = await endpoint(project, '/down', ['cluster.resolved']);
    let up = false;
    receiver.status = (path) => (path === '/down' && !up ? 503 : 200);
    const clusterId = await theme(project, 'down');
    const startedAt = clock.now().toISOString();
    await resolveTheme(project, clusterId);
    await expectEventually(async () => expect(await health(project, hook.id)).to.include({ consecutiveFailures: 1, lastStatus: 503, failingSince: startedAt }));
    expect((await health(project, hook.id)).active).to.equal(true);

    clock.advance(16 * MINUTE); // the first retry is due after 30–36 s; by now the streak is 16 minutes long
    await expectEventually(() => expect(receiver.at('/down')).to.have.length(2));
    await expectEventually(async () => expect(await health(project, hook.id)).to.include({ active: false, disabledReason: 'failing', consecutiveFailures: 2 }));
    const ids = receiver.at('/down').map((delivery) => delivery.json.id);
    expect(ids[1]).to.equal(ids[0]);

    // Disabled: nothing more is sent, however long we wait.
    up = true;
    clock.advance(60 * MINUTE);
    await sleep(1200);
    expect(receiver.at('/down')).to.have.length(2);

    // Resuming clears the streak and its clock; the held retry goes out with the same id.
    const resumed = await readJson(
      await server.request(`/api/v1/webhooks/${hook.id}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify({ active: true }) }),
    );
    expect(resumed).to.include({ active: true, disabledReason: null, failingSince: null, consecutiveFailures: 0 });
    await expectEventually(() => expect(receiver.at('/down')).to.have.length(3));
    expect(receiver.at('/down')[2].json.id).to.equal(ids[0]);
    await expectEventually(async () => expect(await health(project, hook.id)).to.include({ lastStatus: 200, pendingDeliveries: 0, failingSince: null }));
  });

  it('does not disable an endpoint after a burst of failures that is followed by a success', async () => {
    const project = await server.createProject({ name: 'Burst' });
    const hook = await endpoint(project, '/burst', ['cluster.resolved']);
    let up = false;
    receiver.status = (path) => (path === '/burst' && !up ? 500 : 200);
    for (let i = 0; i < 3; i++) await resolveTheme(project, await theme(project, `burst ${i}`));
    await expectEventually(async () => expect((await health(project, hook.id)).consecutiveFailures).to.equal(3));
    up = true;
    clock.advance(MINUTE); // the retries succeed: the streak ends after a minute
    await expectEventually(async () => expect(await health(project, hook.id)).to.include({ failingSince: null, consecutiveFailures: 0, pendingDeliveries: 0 }));

    clock.advance(20 * MINUTE);
    up = false;
    const failedAt = clock.now().toISOString();
    await resolveTheme(project, await theme(project, 'burst later'));
    await expectEventually(async () => expect(await health(project, hook.id)).to.include({ failingSince: failedAt, consecutiveFailures: 1 }));
    clock.advance(MINUTE);
    await expectEventually(async () => expect((await health(project, hook.id)).consecutiveFailures).to.equal(2));
    expect(await health(project, hook.id)).to.include({ active: true, disabledReason: null });
    receiver.status = () => 200;
  });

  it('a slow receiver does not delay another endpoint', async () => {
    const project = await server.createProject({ name: 'Slow' });
    const slow = await endpoint(project, '/slow', ['cluster.resolved']);
    await endpoint(project, '/fast', ['cluster.resolved']);
    receiver.delayMs = (path) => (path === '/slow' ? 4000 : 0);
    try {
      for (let i = 0; i < 3; i++) await resolveTheme(project, await theme(project, `slow ${i}`));
      const started = Date.now();
      await expectEventually(() => expect(receiver.at('/fast')).to.have.length(3));
      expect(Date.now() - started).to.be.lessThan(3500); // the slow receiver answers after 4 s
      // At most 2 deliveries in flight per endpoint: the third waits for a slot.
      expect(receiver.at('/slow').length).to.be.at.most(2);
      expect((await health(project, slow.id)).pendingDeliveries).to.be.greaterThan(0);
      await expectEventually(async () => expect((await health(project, slow.id)).pendingDeliveries).to.equal(0), { timeoutMs: 15_000 });
      expect(receiver.at('/slow')).to.have.length(3);
    } finally {
      receiver.delayMs = () => 0;
    }
  });

  it('never writes a signing secret to the log or to the events table', async () => {
    expect(secrets.length).to.be.greaterThan(3);
    const raw = await server.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
    const events = raw.rows.map((row) => row.data).join('\n');
    for (const secret of secrets) {
      expect(logs.text).not.to.include(secret.slice('whsec_'.length));
      expect(events).not.to.include(secret.slice('whsec_'.length));
    }
    expect(logs.text).to.include('webhook delivered');
  });
});
