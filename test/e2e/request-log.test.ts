import { expect } from 'chai';
import { LogCapture } from '../support/log-capture.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import type { TestProject } from '../support/http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** X-Request-Id is accepted and echoed, and each request leaves one structured line without personal data. */
describe('X-Request-Id and the request log', () => {
  let server: TestServer;
  let project: TestProject;
  const log = new LogCapture();

  const requestLines = (requestId: string) =>
    log.lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request' && entry.requestId === requestId);

  before(async () => {
    server = await startTestServer({ workers: false, env: { LOG_LEVEL: 'info' }, logStream: log });
    project = await server.createProject({ name: 'Request log' });
  });
  after(() => server.close());

  it('echoes a client request id and logs one info line: id, project, key prefix, route template, method, status, duration', async () => {
    const sent = 'checkout-7f3a9c.retry:2_b';
    const response = await server.request('/api/v1/feedback', {
      key: project.secretKey,
      method: 'POST',
      headers: { 'X-Request-Id': sent },
      body: JSON.stringify({ text: 'Checkout fails, write to ana.lopez@example.com', userId: 'ana-lopez-77', metadata: { plan: 'gold-tier' } }),
    });
    expect(response.status).to.equal(202);
    expect(response.headers.get('x-request-id')).to.equal(sent);
    const lines = requestLines(sent);
    expect(lines).to.have.length(1);
    const [line] = lines;
    expect(line).to.include({
      level: 30,
      projectId: project.projectId,
      keyPrefix: project.secretKey.slice(0, 12),
      route: '/api/v1/feedback',
      method: 'POST',
      status: 202,
    });
    expect(line.ms).to.be.a('number').and.at.least(0);
    expect(Object.keys(line).sort()).to.deep.equal(['keyPrefix', 'level', 'method', 'ms', 'msg', 'projectId', 'requestId', 'route', 'status', 'time']);
  });

  it('logs the route template, never the URL query, the body or the key', async () => {
    const sent = 'list-with-query';
    const { id } = (await (
      await server.request('/api/v1/feedback', { key: project.secretKey, method: 'POST', body: JSON.stringify({ text: 'Please call me back' }) })
    ).json()) as { id: string };
    await server.request(`/api/v1/feedback/${id}?private=ana.lopez%40example.com`, { key: project.secretKey, headers: { 'X-Request-Id': `${sent}-1` } });
    await server.request('/api/v1/feedback?meta=email:ana.lopez%40example.com&limit=5', { key: project.secretKey, headers: { 'X-Request-Id': `${sent}-2` } });
    expect(requestLines(`${sent}-1`)[0]).to.include({ route: '/api/v1/feedback/:id', status: 200 });
    expect(requestLines(`${sent}-2`)[0]).to.include({ route: '/api/v1/feedback', status: 200 });
    for (const secret of ['ana.lopez', 'ana-lopez-77', 'gold-tier', 'Checkout fails', 'Please call me back', project.secretKey]) {
      expect(log.text, secret).to.not.include(secret);
    }
  });

  it('replaces a request id that is not a sane token with a generated one', async () => {
    for (const sent of ['has space', 'x'.repeat(129), 'semi;colon', 'caf\u00e9', '']) {
      const response = await server.request('/api/v1/ping', { key: project.secretKey, headers: { 'X-Request-Id': sent } });
      const echoed = response.headers.get('x-request-id') ?? '';
      expect(echoed, JSON.stringify(sent)).to.match(UUID);
      expect(requestLines(echoed)).to.have.length(1);
    }
    const longest = 'a'.repeat(128);
    expect((await server.request('/api/v1/ping', { key: project.secretKey, headers: { 'X-Request-Id': longest } })).headers.get('x-request-id')).to.equal(
      longest,
    );
  });

  it('gives every request an id, and logs unauthenticated and unrouted requests without a project', async () => {
    const unauthenticated = await server.request('/api/v1/ping', { headers: { Authorization: 'Bearer sk_test_not-a-key' } });
    expect(unauthenticated.status).to.equal(401);
    const [line] = requestLines(unauthenticated.headers.get('x-request-id') ?? '');
    expect(line).to.include({ route: '/api/v1/ping', method: 'GET', status: 401 });
    expect(line).to.not.have.any.keys('projectId', 'keyPrefix');

    const unrouted = await server.request('/api/v1/no-such-thing?q=secret-words', { key: project.secretKey });
    expect(unrouted.status).to.equal(404);
    expect(requestLines(unrouted.headers.get('x-request-id') ?? '')[0]).to.include({ route: '(unmatched)', status: 404 });
    expect(log.text).to.not.include('secret-words');
  });
});
