import { expect } from 'chai';
import { userStream } from '../../src/domain/user/events.js';
import { expectEventually } from '../support/eventually.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const COMPLAINTS = [
  'This app is terrible, it crashed again and I lost all my work',
  'Awful experience, the sync is broken and support never answers',
  'I hate the new update, everything is slower and buggy',
];
const TEN_DAYS_AGO = () => new Date(Date.now() - 10 * 86_400_000).toISOString();

describe('User health and user.health_changed (issue 9 item 7, spec 6)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'e'.repeat(64) } });
    project = await server.createProject({ name: 'Health' });
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/health'), events: ['user.health_changed'] }),
    });
    expect(hook.status).to.equal(201);
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function complain(userId: string, createdAt?: string): Promise<void> {
    for (const text of COMPLAINTS) {
      const response = await server.request('/api/v1/feedback', { method: 'POST', key: project.secretKey, body: JSON.stringify({ text, userId, createdAt }) });
      expect(response.status).to.equal(202);
      await waitForProcessed(server, project.secretKey, ((await readJson(response)) as { id: string }).id);
    }
  }

  const healthEvents = async (userId: string) =>
    (await server.runtime.store.readStream(userStream(project.projectId, userId))).filter((event) => event.type === 'UserHealthChanged');

  it('a user whose recent feedback is all negative enters the at-risk band: one user.health_changed, and GET shows the score', async () => {
    await complain('ana');
    await expectEventually(() => expect(receiver.at('/health')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const [delivery] = receiver.at('/health');
    expect(delivery.json.event).to.equal('user.health_changed');
    expect(delivery.json.data).to.include({ userId: 'ana', band: 'at_risk' });
    expect(delivery.json.data.score).to.be.below(40);

    const user = await readJson(await server.request('/api/v1/users/ana', { key: project.secretKey }));
    // Read later, the score may be lower still: the complaints have since joined unresolved themes.
    expect(user.health.atRisk).to.equal(true);
    expect(user.health.score).to.be.at.most(delivery.json.data.score);

    // Staying in the band is no new change: an identify call scores ana again and records nothing.
    const identify = await server.request('/api/v1/users/identify', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ userId: 'ana', traits: { plan: 'pro' } }),
    });
    expect(identify.status).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await healthEvents('ana')).to.have.length(1);
    expect(receiver.at('/health')).to.have.length(1);
  });

  it('backfilled items count towards health but never alert', async () => {
    await complain('bob', TEN_DAYS_AGO());
    await expectEventually(async () => expect(await healthEvents('bob')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const [entered] = await healthEvents('bob');
    expect(await server.runtime.engine.waitFor(entered.position)).to.equal(true);
    const queued = await server.runtime.db.query(`SELECT 1 FROM webhook_deliveries WHERE kind = 'user.health_changed' AND data->>'userId' = 'bob'`);
    expect(queued.rowCount).to.equal(0);
    const user = await readJson(await server.request('/api/v1/users/bob', { key: project.secretKey }));
    expect(user.health.atRisk).to.equal(true);
  });

  it('a user with praise only is healthy and records no health event', async () => {
    for (const text of ['I love this app, it is wonderful', 'Great update, thank you so much']) {
      const response = await server.request('/api/v1/feedback', { method: 'POST', key: project.secretKey, body: JSON.stringify({ text, userId: 'cleo' }) });
      await waitForProcessed(server, project.secretKey, ((await readJson(response)) as { id: string }).id);
    }
    const user = await readJson(await server.request('/api/v1/users/cleo', { key: project.secretKey }));
    expect(user.health.score).to.be.above(60);
    expect(user.health.atRisk).to.equal(false);
    expect(await healthEvents('cleo')).to.deep.equal([]);
  });
});
