import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { userStream } from '../../src/domain/user/events.js';
import { waitForCluster } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { llmEnvFor, OpenAIStub } from '../support/openai-stub.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const COMPLAINTS = [
  'This app is terrible, it crashed again and I lost all my work',
  'Awful experience, the sync is broken and support never answers',
  'I hate the new update, everything is slower and buggy',
];
const LOGIN_PROBLEMS = [
  "I can't log in, it says my password is wrong.",
  'Login fails with my password every time.',
  'My password is rejected when I try to sign in.',
];
const TEN_DAYS_AGO = () => new Date(Date.now() - 10 * 86_400_000).toISOString();
const WEBHOOK_ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'e'.repeat(64) };

/** A server with a `user.health_changed` endpoint on `receiver`. */
async function healthServer(receiver: WebhookReceiver, env: Record<string, string> = {}): Promise<{ server: TestServer; project: TestProject }> {
  const server = await startTestServer({ analyzer: 'offline', env: { ...WEBHOOK_ENV, ...env } });
  const project = await server.createProject({ name: 'Health' });
  const hook = await server.request('/api/v1/webhooks', {
    method: 'POST',
    key: project.secretKey,
    body: JSON.stringify({ url: receiver.url('/health'), events: ['user.health_changed'] }),
  });
  expect(hook.status).to.equal(201);
  return { server, project };
}

/** Every alert names its reasons: factor, signed points, the items behind it, plain words. */
function expectReasons(reasons: any[]): void {
  expect(reasons).to.be.an('array').that.is.not.empty;
  for (const reason of reasons) {
    expect(reason).to.have.keys(['factor', 'points', 'feedbackIds', 'text']);
    expect(reason.points).to.be.a('number');
    expect(reason.text)
      .to.be.a('string')
      .and.match(/^[A-Z0-9]/);
  }
}

describe('User health and user.health_changed (spec 6)', function () {
  this.timeout(180_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;

  before(async () => {
    receiver = await new WebhookReceiver().start();
    ({ server, project } = await healthServer(receiver));
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function submit(userId: string, texts: string[], createdAt?: string): Promise<string[]> {
    const ids: string[] = [];
    for (const text of texts) {
      const id = await submitFeedback(server, project.secretKey, { text, userId, createdAt });
      await waitForProcessed(server, project.secretKey, id);
      ids.push(id);
    }
    return ids;
  }
  const identify = async (userId: string, traits: Record<string, unknown>) => {
    const response = await identifyRequest(server, project.secretKey, { userId, traits });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const healthOf = async (userId: string) => (await readJson(await server.request(`/api/v1/users/${userId}`, { key: project.secretKey }))).health;
  const bandEvents = async (userId: string) =>
    (await server.runtime.store.readStream(userStream(project.projectId, userId))).filter((event) => event.type.startsWith('UserHealth'));
  const alertsFor = (userId: string) => receiver.at('/health').filter((delivery) => delivery.json.data.userId === userId);
  /** The health worker has scored everyone marked due (after the items' themes were placed). */
  const healthQueueDrained = () =>
    expectEventually(
      async () => {
        const due = await server.runtime.db.query(`SELECT 1 FROM user_health_due WHERE project_id = $1`, [project.projectId]);
        expect(due.rowCount).to.equal(0);
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

  it('one ordinary complaint (an enterprise customer, an angry bug report) stays out of the at-risk band, and says why', async () => {
    await identify('gil', { plan: 'enterprise', mrr: 4800 });
    const [pdf] = await submit('gil', ['The PDF export is broken and keeps failing, very frustrating.']);
    await waitForCluster(server, project, pdf);
    await healthQueueDrained();

    const health = await healthOf('gil');
    expect(health).to.include({ band: 'watch', atRisk: false });
    expect(health.score).to.be.within(40, 64);
    expect(health.reasons[0]).to.include({ factor: 'open_problems' });
    expect(health.reasons[0].feedbackIds).to.deep.equal([pdf]);
    expect(await bandEvents('gil')).to.deep.equal([]);
    expect(alertsFor('gil')).to.deep.equal([]);
  });

  it('sustained complaints (three fresh problem reports) enter the band: one user.health_changed with its reasons, also on the event', async () => {
    const ids = await submit('ana', COMPLAINTS);
    await expectEventually(() => expect(alertsFor('ana')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const [delivery] = alertsFor('ana');
    expect(delivery.json.event).to.equal('user.health_changed');
    expect(delivery.json.data).to.include({ userId: 'ana', band: 'at_risk' });
    expect(delivery.json.data.score).to.be.below(40);
    expectReasons(delivery.json.data.reasons);
    const repeated = delivery.json.data.reasons.find((reason: any) => reason.factor === 'repeated_problems');
    expect(repeated.feedbackIds).to.have.members(ids);
    const [entered] = await bandEvents('ana');
    expect(entered.data.reasons).to.deep.equal(delivery.json.data.reasons);

    const health = await healthOf('ana');
    expect(health.atRisk).to.equal(true);
    expectReasons(health.reasons);

    // Staying in the band is no new change: an identify call scores ana again and records nothing.
    await identify('ana', { plan: 'pro' });
    await healthQueueDrained();
    expect(await bandEvents('ana')).to.have.length(1);
    expect(alertsFor('ana')).to.have.length(1);
  });

  it('a paying customer with a complaint who stops paying enters the band at the identify call, with the loss among the reasons', async () => {
    await identify('erin', { mrr: 120 });
    const [complaint] = await submit('erin', ['The export keeps failing']);
    await healthQueueDrained();
    expect(alertsFor('erin')).to.deep.equal([]);

    await identify('erin', { mrr: 0 });
    await expectEventually(() => expect(alertsFor('erin')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const { data } = alertsFor('erin')[0].json;
    expect(data).to.include({ band: 'at_risk', triggeredByFeedbackId: null });
    expectReasons(data.reasons);
    expect(data.reasons.map((reason: any) => reason.factor)).to.include.members(['value_lost', 'open_problems']);
    expect(data.reasons.find((reason: any) => reason.factor === 'value_lost').text).to.match(/^Stopped paying on \d+ \w+ \(customer value 120 → 0\)$/);
    expect(data.reasons.find((reason: any) => reason.factor === 'open_problems').feedbackIds).to.deep.equal([complaint]);
  });

  it('resolving the themes of a customer’s complaints moves their score at once: no item, no identify call', async () => {
    const ids = await submit('dan', LOGIN_PROBLEMS);
    const themes = new Set<string>();
    for (const id of ids) themes.add(await waitForCluster(server, project, id));
    await expectEventually(async () => expect((await bandEvents('dan')).map((event) => event.type)).to.deep.equal(['UserHealthChanged']), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    const before = await healthOf('dan');
    expect(before.atRisk).to.equal(true);

    for (const clusterId of themes) {
      const resolved = await server.request(`/api/v1/clusters/${clusterId}`, {
        method: 'PATCH',
        key: project.secretKey,
        body: JSON.stringify({ status: 'resolved' }),
      });
      expect(resolved.status).to.equal(200);
    }
    await expectEventually(
      async () => expect((await bandEvents('dan')).map((event) => event.type)).to.deep.equal(['UserHealthChanged', 'UserHealthRecovered']),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const after = await healthOf('dan');
    expect(after.score).to.be.greaterThan(before.score);
    expect(after.atRisk).to.equal(false);
    expect(after.reasons.map((reason: any) => reason.factor)).to.include.members(['resolved_problems', 'problems_fixed']);
    expect(after.reasons.find((reason: any) => reason.factor === 'problems_fixed').points).to.be.greaterThan(0);
  });

  it('an explicit churn threat (offline analyzer) enters the band at once and alerts, the threat first among the reasons', async () => {
    const [threat] = await submit('hal', ['We are looking at other tools and will probably switch to a competitor when our contract ends.']);
    await expectEventually(() => expect(alertsFor('hal')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const { data } = alertsFor('hal')[0].json;
    expect(data).to.include({ band: 'at_risk', triggeredByFeedbackId: threat });
    expectReasons(data.reasons);
    expect(data.reasons[0]).to.include({ factor: 'churn_threat' });
    expect(data.reasons[0].feedbackIds).to.deep.equal([threat]);
  });

  it('backfilled items count towards health but never alert', async () => {
    await submit('bob', COMPLAINTS, TEN_DAYS_AGO());
    await expectEventually(async () => expect(await bandEvents('bob')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const [entered] = await bandEvents('bob');
    expect(await server.runtime.engine.waitFor(entered.position)).to.equal(true);
    const queued = await server.runtime.db.query(`SELECT 1 FROM webhook_deliveries WHERE kind = 'user.health_changed' AND data->>'userId' = 'bob'`);
    expect(queued.rowCount).to.equal(0);
    expect((await healthOf('bob')).atRisk).to.equal(true);
  });

  it('a user with praise only is healthy, above the baseline, and records no health event', async () => {
    await submit('cleo', ['I love this app, it is wonderful', 'Great update, thank you so much']);
    await healthQueueDrained();
    const health = await healthOf('cleo');
    expect(health).to.include({ band: 'healthy', atRisk: false });
    expect(health.score).to.be.above(70);
    expect(health.reasons.map((reason: any) => reason.factor)).to.deep.equal(['positive_feedback']);
    expect(await bandEvents('cleo')).to.deep.equal([]);
  });
});

describe('User health: an explicit churn threat (analysis churnRisk, LLM analyzer)', function () {
  this.timeout(180_000);
  let stub: OpenAIStub;
  let receiver: WebhookReceiver;
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    stub = await OpenAIStub.start();
    receiver = await new WebhookReceiver().start();
    ({ server, project } = await healthServer(receiver, llmEnvFor(stub)));
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
    await stub?.close();
  });

  it('a single item that threatens to leave enters the band and alerts, the threat first among the reasons', async () => {
    const threat = await submitFeedback(server, project.secretKey, {
      text: 'Sync is broken again. If this goes on we will cancel our subscription.',
      userId: 'fay',
    });
    expect((await waitForProcessed(server, project.secretKey, threat)).churnRisk).to.equal(true);
    await expectEventually(() => expect(receiver.at('/health')).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const { data } = receiver.at('/health')[0].json;
    expect(data).to.include({ userId: 'fay', band: 'at_risk', triggeredByFeedbackId: threat });
    expectReasons(data.reasons);
    expect(data.reasons[0]).to.include({ factor: 'churn_threat' });
    expect(data.reasons[0].feedbackIds).to.deep.equal([threat]);
    expect(data.reasons[0].text).to.match(/^Threatened to leave on \d+ \w+/);
  });
});
