import { testContext } from '../support/test-context.js';
import { expect } from 'chai';
import { issueApiKey } from '../../commands/issue-api-key/handler.js';
import { revokeApiKey } from '../../commands/revoke-api-key/handler.js';
import { postFeedback, submitFeedback } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ALLOWED = 'https://app.example.com';
const OTHER_ORIGIN = 'https://evil.example.net';

describe('Authentication (spec 5)', () => {
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  let feedbackId: string;

  const submit = (key: string, text: string, headers: Record<string, string> = {}) => postFeedback(server, key, { text }, headers);

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Auth A', origins: [ALLOWED] });
    other = await server.createProject({ name: 'Auth B', origins: ['https://b.example.org'] });
    feedbackId = await submitFeedback(server, project.secretKey, { text: 'The export button does nothing.' });
  });
  after(() => server.close());

  describe('secret keys (spec 5.1, 5.2)', () => {
    it('work on GET /ping', async () => {
      const response = await server.request('/api/v1/ping', { key: project.secretKey });
      expect(response.status).to.equal(200);
      expect(await readJson(response)).to.deep.equal({ project: { id: project.projectId, name: 'Auth A' }, key: { type: 'secret', mode: 'test' } });
    });

    it('work on POST /feedback without any Origin', async () => {
      const response = await submit(project.secretKey, 'Search is slow on large projects.');
      expect(response.status).to.equal(202);
      expect((await readJson(response)).status).to.equal('pending');
    });

    it('work on GET /feedback', async () => {
      const response = await server.request('/api/v1/feedback', { key: project.secretKey });
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(body.items.map((item: { id: string }) => item.id)).to.include(feedbackId);
    });

    it('work on GET /feedback/{id}', async () => {
      const response = await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.secretKey });
      expect(response.status).to.equal(200);
      expect((await readJson(response)).id).to.equal(feedbackId);
    });

    it('work on DELETE /feedback/{id}', async () => {
      const id = await submitFeedback(server, project.secretKey, { text: 'Please delete me.' });
      const response = await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey, method: 'DELETE' });
      expect(response.status).to.equal(204);
      const again = await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey });
      expect(again.status).to.equal(404);
    });

    it('accept the scheme name case-insensitively (bearer)', async () => {
      const response = await server.request('/api/v1/ping', { headers: { Authorization: `bearer ${project.secretKey}` } });
      expect(response.status).to.equal(200);
    });
  });

  describe('missing, malformed, unknown or revoked keys → 401 unauthorized (spec 5.5)', () => {
    const wellFormedUnknown = `sk_test_${'A'.repeat(32)}`;
    const cases: [string, () => Record<string, string>][] = [
      ['no Authorization header', () => ({})],
      ['an empty Authorization header', () => ({ Authorization: '' })],
      ['a Basic scheme', () => ({ Authorization: `Basic ${Buffer.from(`user:${project.secretKey}`).toString('base64')}` })],
      ['the key without a scheme', () => ({ Authorization: project.secretKey })],
      ['Bearer alone', () => ({ Authorization: 'Bearer' })],
      ['Bearer with spaces only', () => ({ Authorization: 'Bearer    ' })],
      ['a wrong prefix (xx_test_…)', () => ({ Authorization: `Bearer xx_test_${project.secretKey.slice(8)}` })],
      ['a wrong mode (sk_prod_…)', () => ({ Authorization: `Bearer sk_prod_${project.secretKey.slice(8)}` })],
      ['a key one character short', () => ({ Authorization: `Bearer ${project.secretKey.slice(0, -1)}` })],
      ['a key one character long', () => ({ Authorization: `Bearer ${project.secretKey}x` })],
      ['a key with a non-base62 character', () => ({ Authorization: `Bearer ${project.secretKey.slice(0, -1)}-` })],
      ['two tokens', () => ({ Authorization: `Bearer ${project.secretKey} ${project.secretKey}` })],
      ['an unknown well-formed key', () => ({ Authorization: `Bearer ${wellFormedUnknown}` })],
      ['an unknown well-formed widget key', () => ({ Authorization: `Bearer pk_live_${'z'.repeat(32)}`, Origin: ALLOWED })],
    ];
    for (const [name, headers] of cases) {
      it(`rejects ${name} on GET /ping`, async () => {
        const response = await server.request('/api/v1/ping', { headers: headers() });
        await expectProblem(response, 401, 'unauthorized');
      });
    }

    it('rejects a missing key on every routed endpoint, before validation or lookup', async () => {
      const attempts: [string, string, string?][] = [
        ['POST', '/api/v1/feedback', JSON.stringify({ text: 'hello' })],
        ['POST', '/api/v1/feedback', '{ not json'],
        ['GET', '/api/v1/feedback'],
        ['GET', '/api/v1/feedback?limit=0'],
        ['GET', `/api/v1/feedback/${feedbackId}`],
        ['DELETE', `/api/v1/feedback/${feedbackId}`],
      ];
      for (const [method, path, body] of attempts) {
        const response = await server.request(path, { method, body });
        await expectProblem(response, 401, 'unauthorized');
      }
      const stillThere = await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.secretKey });
      expect(stillThere.status).to.equal(200);
    });

    it('rejects a key once it is revoked, on every endpoint, while other keys keep working', async () => {
      const issued = await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'secret', mode: 'test' }, testContext());
      const before = await server.request('/api/v1/ping', { key: issued.key });
      expect(before.status).to.equal(200);

      await revokeApiKey(server.runtime, issued.key, testContext());

      await expectProblem(await server.request('/api/v1/ping', { key: issued.key }), 401, 'unauthorized');
      await expectProblem(await submit(issued.key, 'after revocation'), 401, 'unauthorized');
      await expectProblem(await server.request('/api/v1/feedback', { key: issued.key }), 401, 'unauthorized');
      await expectProblem(await server.request(`/api/v1/feedback/${feedbackId}`, { key: issued.key }), 401, 'unauthorized');
      await expectProblem(await server.request(`/api/v1/feedback/${feedbackId}`, { key: issued.key, method: 'DELETE' }), 401, 'unauthorized');
      expect((await server.request('/api/v1/ping', { key: project.secretKey })).status).to.equal(200);
    });

    it('rejects a revoked widget key from an allowed origin with 401, not 403', async () => {
      const issued = await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'widget', mode: 'test' }, testContext());
      await revokeApiKey(server.runtime, issued.key, testContext());
      const response = await server.request('/api/v1/ping', { key: issued.key, headers: { Origin: ALLOWED } });
      await expectProblem(response, 401, 'unauthorized');
    });
  });

  describe('widget keys (spec 5.3, 5.4)', () => {
    it('submit feedback from an allowed origin, with source widget and ACAO = the origin', async () => {
      const response = await submit(project.widgetKey, 'Love the new dashboard!', { Origin: ALLOWED });
      expect(response.status).to.equal(202);
      expect(response.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      expect(response.headers.get('vary')).to.match(/Origin/i);
      const { id } = await readJson(response);
      const detail = await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey });
      expect((await readJson(detail)).source).to.equal('widget');
    });

    it('ping from an allowed origin, with ACAO = the origin and exposed rate-limit headers', async () => {
      const response = await server.request('/api/v1/ping', { key: project.widgetKey, headers: { Origin: ALLOWED } });
      expect(response.status).to.equal(200);
      expect((await readJson(response)).key).to.deep.equal({ type: 'widget', mode: 'test' });
      expect(response.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      expect(response.headers.get('access-control-expose-headers')).to.match(/X-RateLimit-Remaining/i);
    });

    it('refuse variant spellings of the allowed origin, which no browser sends', async () => {
      for (const variant of [`${ALLOWED}/`, `${ALLOWED}/path`, 'HTTPS://APP.EXAMPLE.COM', 'https://app.example.com:443', 'https://user@app.example.com']) {
        const response = await server.request('/api/v1/ping', { key: project.widgetKey, headers: { Origin: variant } });
        await expectProblem(response, 403, 'origin-not-allowed');
        const preflight = await fetch(`${server.url}/api/v1/feedback`, {
          method: 'OPTIONS',
          headers: { Origin: variant, 'Access-Control-Request-Method': 'POST' },
        });
        expect(preflight.headers.get('access-control-allow-origin'), variant).to.equal(null);
      }
    });

    for (const [name, origin] of [
      ['a non-allowed origin', OTHER_ORIGIN],
      ["another project's origin", 'https://b.example.org'],
      ['the allowed host over http', 'http://app.example.com'],
      ['the allowed host on another port', 'https://app.example.com:8443'],
      ['a subdomain of the allowed host', 'https://x.app.example.com'],
      ['Origin: null', 'null'],
    ] as const) {
      it(`get 403 origin-not-allowed from ${name} on POST /feedback and GET /ping`, async () => {
        const post = await submit(project.widgetKey, 'From the wrong place', { Origin: origin });
        const body = await expectProblem(post, 403, 'origin-not-allowed');
        expect(body.title).to.be.a('string').and.not.equal('');
        expect(post.headers.get('access-control-allow-origin')).to.equal(null);
        const ping = await server.request('/api/v1/ping', { key: project.widgetKey, headers: { Origin: origin } });
        await expectProblem(ping, 403, 'origin-not-allowed');
      });
    }

    it('get 403 origin-not-allowed without an Origin header', async () => {
      await expectProblem(await submit(project.widgetKey, 'No origin'), 403, 'origin-not-allowed');
      await expectProblem(await server.request('/api/v1/ping', { key: project.widgetKey }), 403, 'origin-not-allowed');
    });

    it('store nothing when refused for the origin', async () => {
      const count = async () => Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM feedback_items`)).rows[0].n);
      const before = await count();
      await expectProblem(await submit(project.widgetKey, 'should not be stored', { Origin: OTHER_ORIGIN }), 403, 'origin-not-allowed');
      expect(await count()).to.equal(before);
    });

    it('get 401 on GET /feedback, GET /feedback/{id} and DELETE /feedback/{id}, even from an allowed origin', async () => {
      for (const headers of [{ Origin: ALLOWED }, {}] as Record<string, string>[]) {
        await expectProblem(await server.request('/api/v1/feedback', { key: project.widgetKey, headers }), 401, 'unauthorized');
        await expectProblem(await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.widgetKey, headers }), 401, 'unauthorized');
        await expectProblem(await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.widgetKey, method: 'DELETE', headers }), 401, 'unauthorized');
      }
      const stillThere = await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.secretKey });
      expect(stillThere.status).to.equal(200);
    });

    it('follow the allowlist as it changes', async () => {
      const { changeProjectSettings } = await import('../../commands/change-project-settings/handler.js');
      const third = await server.createProject({ name: 'Auth C', origins: [] });
      await expectProblem(
        await server.request('/api/v1/ping', { key: third.widgetKey, headers: { Origin: 'https://c.example.com' } }),
        403,
        'origin-not-allowed',
      );
      await changeProjectSettings(server.runtime, third.projectId, { allowedOrigins: ['https://c.example.com'] }, testContext());
      const allowed = await server.request('/api/v1/ping', { key: third.widgetKey, headers: { Origin: 'https://c.example.com' } });
      expect(allowed.status).to.equal(200);
      await changeProjectSettings(server.runtime, third.projectId, { allowedOrigins: [] }, testContext());
      await expectProblem(
        await server.request('/api/v1/ping', { key: third.widgetKey, headers: { Origin: 'https://c.example.com' } }),
        403,
        'origin-not-allowed',
      );
    });
  });

  describe("project scoping (spec 1.2: another project's resource is 404, never 403)", () => {
    it("GET of another project's feedback item is 404", async () => {
      await expectProblem(await server.request(`/api/v1/feedback/${feedbackId}`, { key: other.secretKey }), 404, 'not-found');
    });

    it("DELETE of another project's feedback item is 404 and deletes nothing", async () => {
      const response = await server.request(`/api/v1/feedback/${feedbackId}`, { key: other.secretKey, method: 'DELETE' });
      await expectProblem(response, 404, 'not-found');
      const own = await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.secretKey });
      expect(own.status).to.equal(200);
    });

    it("the other project's list does not show the item", async () => {
      const response = await server.request('/api/v1/feedback', { key: other.secretKey });
      expect(response.status).to.equal(200);
      const ids = (await readJson(response)).items.map((item: { id: string }) => item.id);
      expect(ids).not.to.include(feedbackId);
    });

    it("a widget key is scoped to its own project's allowlist", async () => {
      const response = await server.request('/api/v1/ping', { key: other.widgetKey, headers: { Origin: ALLOWED } });
      await expectProblem(response, 403, 'origin-not-allowed');
    });
  });

  describe('CORS (spec 5.3: widget keys are for browsers)', () => {
    const preflight = (origin: string, method = 'POST', path = '/api/v1/feedback') =>
      server.request(path, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key',
        },
      });

    it('answers a preflight to POST /feedback from an allowed origin', async () => {
      const response = await preflight(ALLOWED);
      expect(response.status).to.be.oneOf([200, 204]);
      expect(response.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      expect(response.headers.get('access-control-allow-methods')).to.match(/\bPOST\b/);
      const allowedHeaders = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      expect(allowedHeaders).to.include.members(['authorization', 'content-type', 'idempotency-key']);
    });

    it('answers a preflight to GET /ping from an allowed origin', async () => {
      const response = await preflight(ALLOWED, 'GET', '/api/v1/ping');
      expect(response.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    });

    it('gives no Access-Control-Allow-Origin to a preflight from an unknown origin', async () => {
      const response = await preflight(OTHER_ORIGIN);
      expect(response.status).to.be.lessThan(500);
      expect(response.headers.get('access-control-allow-origin')).to.equal(null);
      expect(response.headers.get('access-control-allow-headers')).to.equal(null);
    });

    it('gives no Access-Control-Allow-Origin to a preflight for a secret-only route', async () => {
      const response = await preflight(ALLOWED, 'GET', '/api/v1/feedback');
      expect(response.headers.get('access-control-allow-origin')).to.equal(null);
      const del = await preflight(ALLOWED, 'DELETE', `/api/v1/feedback/${feedbackId}`);
      expect(del.headers.get('access-control-allow-origin')).to.equal(null);
    });

    it('a preflight changes nothing', async () => {
      await preflight(ALLOWED, 'DELETE', `/api/v1/feedback/${feedbackId}`);
      const own = await server.request(`/api/v1/feedback/${feedbackId}`, { key: project.secretKey });
      expect(own.status).to.equal(200);
    });

    it('secret-key responses carry no Access-Control-Allow-Origin, even with an Origin header', async () => {
      const response = await server.request('/api/v1/ping', { key: project.secretKey, headers: { Origin: ALLOWED } });
      expect(response.status).to.equal(200);
      expect(response.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });

  describe('keys issued later (spec 5.6)', () => {
    it('a secret key issued with issueApiKey for the second project works and is scoped to it', async () => {
      const issued = await issueApiKey(server.runtime, { projectId: other.projectId, keyType: 'secret', mode: 'test' }, testContext());
      expect(issued.key).to.match(/^sk_test_[0-9A-Za-z]{32}$/);
      const response = await server.request('/api/v1/ping', { key: issued.key });
      expect(response.status).to.equal(200);
      expect(await readJson(response)).to.deep.equal({ project: { id: other.projectId, name: 'Auth B' }, key: { type: 'secret', mode: 'test' } });
      await expectProblem(await server.request(`/api/v1/feedback/${feedbackId}`, { key: issued.key }), 404, 'not-found');
    });

    it('live keys say live in ping', async () => {
      const secret = await issueApiKey(server.runtime, { projectId: other.projectId, keyType: 'secret', mode: 'live' }, testContext());
      expect(secret.key).to.match(/^sk_live_/);
      const response = await server.request('/api/v1/ping', { key: secret.key });
      expect(response.status).to.equal(200);
      expect((await readJson(response)).key).to.deep.equal({ type: 'secret', mode: 'live' });

      const widget = await issueApiKey(server.runtime, { projectId: other.projectId, keyType: 'widget', mode: 'live' }, testContext());
      expect(widget.key).to.match(/^pk_live_/);
      const widgetPing = await server.request('/api/v1/ping', { key: widget.key, headers: { Origin: 'https://b.example.org' } });
      expect(widgetPing.status).to.equal(200);
      expect((await readJson(widgetPing)).key).to.deep.equal({ type: 'widget', mode: 'live' });
    });

    it('the original keys keep working after more keys are issued', async () => {
      const response = await server.request('/api/v1/ping', { key: other.secretKey });
      expect(response.status).to.equal(200);
    });
  });
});
