import { testContext } from '../support/test-context.js';
import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest, userRequest } from '../support/users.js';

const ORIGIN = 'https://app.example.com';

describe('GET /api/v1/users/{userId} (spec 4.6, 2.3)', function () {
  this.timeout(120_000);
  const clock = new MutableClock(new Date('2026-03-02T09:00:00.000Z'));
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer({ workers: false, clock });
    project = await server.createProject({ name: 'User detail', origins: [ORIGIN] });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
  });
  after(() => server.close());
  beforeEach(() => clock.advance(60_000));

  const identify = async (userId: string, traits: Record<string, unknown>, key = project.secretKey) => {
    const response = await identifyRequest(server, key, { userId, traits });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const submit = async (body: Record<string, unknown>, key = project.secretKey) => {
    const headers: Record<string, string> = key.startsWith('pk_') ? { Origin: ORIGIN } : {};
    const response = await server.request('/api/v1/feedback', { method: 'POST', key, body: JSON.stringify(body), headers });
    expect(response.status).to.equal(202);
    return (await readJson(response)).id as string;
  };
  const user = async (userId: string, key = project.secretKey) => {
    const response = await userRequest(server, key, userId);
    expect(response.status, await response.clone().text()).to.equal(200);
    return readJson(response);
  };

  it('4.6: an identified user is the user object of 2.3, plus the documented health extension', async () => {
    const at = clock.now().toISOString();
    await identify('ana', { plan: 'pro', beta: true, mrr: '49.99', seats: 5 });
    expect(await user('ana')).to.deep.equal({
      userId: 'ana',
      traits: { plan: 'pro', beta: true, mrr: 49.99, seats: 5 },
      valueMarks: {
        mrr: { current: 49.99, lastPositive: 49.99, lastPositiveAt: at, payingSince: null, lostAt: null },
        seats: { current: 5, lastPositive: 5, lastPositiveAt: at, payingSince: null, lostAt: null },
      },
      firstSeenAt: at,
      lastSeenAt: at,
      feedbackCount: 0,
      feedback: [],
      health: { score: 70, band: 'healthy', atRisk: false, reasons: [] },
    });
  });

  it('4.6: 404 not-found for an unknown user, and for a user of another project (never 403)', async () => {
    await expectProblem(await userRequest(server, project.secretKey, 'nobody'), 404, 'not-found');
    const other = await server.createProject({ name: 'User detail other' });
    await identify('only-elsewhere', { plan: 'pro' }, other.secretKey);
    await expectProblem(await userRequest(server, project.secretKey, 'only-elsewhere'), 404, 'not-found');
  });

  it('4.6, spec 5.3: a widget key may not read a user (401 unauthorized)', async () => {
    await identify('private', { plan: 'pro' });
    const response = await server.request(`/api/v1/users/private`, { key: project.widgetKey, headers: { Origin: ORIGIN } });
    await expectProblem(response, 401, 'unauthorized');
  });

  it('2.3 firstSeenAt / lastSeenAt: the first and the latest identify call', async () => {
    const first = clock.now().toISOString();
    await identify('seen', { plan: 'free' });
    clock.advance(3_600_000);
    await identify('seen', {});
    const body = await user('seen');
    expect(body.firstSeenAt).to.equal(first);
    expect(body.lastSeenAt).to.equal(clock.now().toISOString());
    expect(body.traits).to.deep.equal({ plan: 'free' });
  });

  it('2.3 valueMarks: seen at 0, then paying, then lost', async () => {
    const zeroAt = clock.now().toISOString();
    await identify('churner', { mrr: 0 });
    clock.advance(1000);
    const paidAt = clock.now().toISOString();
    await identify('churner', { mrr: '19.5' });
    clock.advance(1000);
    const lostAt = clock.now().toISOString();
    await identify('churner', { mrr: 0 });
    expect((await user('churner')).valueMarks.mrr).to.deep.equal({ current: 0, lastPositive: 19.5, lastPositiveAt: paidAt, payingSince: paidAt, lostAt });
    expect((await user('churner')).firstSeenAt).to.equal(zeroAt);
  });

  it('2.3 feedback: a userId on feedback makes the user visible without identify; items are redacted, newest first, in the list shape', async () => {
    const older = await submit({ text: 'Reach me at ana@example.com about the export', userId: 'fb-only', createdAt: '2026-01-01T10:00:00Z' });
    const newer = await submit({ text: 'The export is fixed, thanks', userId: 'fb-only', createdAt: '2026-02-01T10:00:00Z' });
    await submit({ text: 'Someone else', userId: 'another' });
    const body = await user('fb-only');
    expect(body.traits).to.deep.equal({});
    expect(body.valueMarks).to.deep.equal({});
    expect(body.feedbackCount).to.equal(2);
    expect(body.firstSeenAt).to.equal('2026-01-01T10:00:00.000Z');
    expect(body.lastSeenAt).to.equal('2026-02-01T10:00:00.000Z');
    expect(body.feedback.map((item: { id: string }) => item.id)).to.deep.equal([newer, older]);
    expect(body.feedback[1].text).to.equal('Reach me at [email] about the export');
    const list = await readJson(await server.request('/api/v1/feedback?limit=200', { key: project.secretKey }));
    const listed = list.items.filter((item: { userId: string }) => item.userId === 'fb-only');
    expect(body.feedback).to.deep.equal(listed);
  });

  it('2.3 feedbackCount: feedback from a widget key counts too, and a deleted item stops counting', async () => {
    await identify('counted', { plan: 'pro' });
    await submit({ text: 'Widget feedback', userId: 'counted' }, project.widgetKey);
    const first = await submit({ text: 'First item', userId: 'counted' });
    await submit({ text: 'Second item', userId: 'counted' });
    expect((await user('counted')).feedbackCount).to.equal(3);
    expect((await server.request(`/api/v1/feedback/${first}`, { key: project.secretKey, method: 'DELETE' })).status).to.equal(204);
    const body = await user('counted');
    expect(body.feedbackCount).to.equal(2);
    expect(body.feedback.map((item: { id: string }) => item.id)).to.not.include(first);
  });

  it('2.3 feedback: up to 200 items, the newest; feedbackCount counts them all', async () => {
    const fresh = await server.createProject({ name: 'Many items' });
    const ids: string[] = [];
    for (let i = 0; i < 205; i++) {
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      ids.push(await submit({ text: `Item number ${i}`, userId: 'prolific', createdAt }, fresh.secretKey));
    }
    const body = await user('prolific', fresh.secretKey);
    expect(body.feedbackCount).to.equal(205);
    expect(body.feedback).to.have.length(200);
    expect(body.feedback.map((item: { id: string }) => item.id)).to.deep.equal(ids.slice(5).reverse());
  });

  it('4.6: a userId with reserved characters is addressed percent-encoded as one path segment', async () => {
    const userId = 'acme/ana?x=1#ü 1';
    await identify(userId, { plan: 'pro' });
    expect((await user(userId)).userId).to.equal(userId);
    await expectProblem(await server.request('/api/v1/users/acme/ana', { key: project.secretKey }), 404, 'not-found');
  });
});
