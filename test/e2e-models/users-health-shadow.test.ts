import { expect } from 'chai';
import { customersAtRisk } from '../../queries/customers-at-risk/query.js';
import { projectCommand } from '../../src/cli/commands/project.js';
import { userStream } from '../../src/domain/user/events.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { tablesContaining } from '../support/raw-tables.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const BASE = 'https://feedback.example.com';
const THREAT = 'We are looking at other tools and will probably switch to a competitor when our contract ends.';
const TEN_DAYS_AGO = () => new Date(Date.now() - 10 * 86_400_000).toISOString();
// Addresses no other test uses: a raw search of every table finds them only where these shadow users left them.
const SHADOW = 'quillvane.shadow@example.org';
const MERGED = 'quillvane.merged@example.org';
const BACKFILLED = 'quillvane.backfill@example.org';
const VANISHED = 'quillvane.vanished@example.org';

/**
 * Spec 2.3: a user seen only by email (a shadow user) is scored and can trigger at-risk alerts; spec 6
 * keeps `user.health_changed` for identified users. The server runs its workers (analysis, health,
 * Slack); Slack and the webhook endpoint are local receivers.
 */
describe('health of shadow users: scored, recorded, alerted on Slack and listed, never a user.health_changed, erased whole', function () {
  this.timeout(180_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;
  const logs = new LogCapture();

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      analyzer: 'offline',
      logStream: logs,
      env: { WEBHOOK_ALLOW_HTTP: 'true', LOG_LEVEL: 'info', WEBHOOK_SECRET_KEY: 'd'.repeat(64), PUBLIC_BASE_URL: `${BASE}/` },
    });
    project = await server.createProject({ name: 'Shadows' });
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: receiver.url('/health'), events: ['user.health_changed'] }),
    });
    expect(hook.status).to.equal(201);
    await projectCommand(
      server.runtime,
      ['update', '--project', project.projectId, '--slack-webhook', receiver.url('/slack'), '--customer-value-trait', 'mrr'],
      () => {},
    );
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  const submit = async (fields: { email?: string; userId?: string; createdAt?: string }, text = THREAT) => {
    const id = await submitFeedback(server, project.secretKey, { text, ...fields });
    await waitForProcessed(server, project.secretKey, id);
    return id;
  };
  const bandEvents = async (userId: string) =>
    (await server.runtime.store.readStream(userStream(project.projectId, userId))).filter((event) => event.type.startsWith('UserHealth'));
  const slackAbout = (userId: string) => receiver.at('/slack').filter((message) => message.json.text === `At risk: ${userId}`);
  const healthQueueDrained = () =>
    expectEventually(
      async () => expect((await server.runtime.db.query(`SELECT 1 FROM user_health_due WHERE project_id = $1`, [project.projectId])).rowCount).to.equal(0),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
  /** The customers list of the workspace (`/app/customers`), as its query gives it. */
  const atRiskList = async () => (await customersAtRisk(server.runtime.db, project.projectId, 'at_risk', 100, new Date())).customers;
  const erase = async (userIdOrEmail: string) => {
    const response = await server.request(`/api/v1/users/${encodeURIComponent(userIdOrEmail)}`, { method: 'DELETE', key: project.secretKey });
    expect(response.status, await response.clone().text()).to.equal(202);
    const { requestId } = await readJson(response);
    await expectEventually(
      async () =>
        expect((await readJson(await server.request(`/api/v1/users/deletions/${requestId}`, { key: project.secretKey }))).status).to.equal('completed'),
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  };

  it('an identified user with a churn threat gets user.health_changed (the endpoint works), and no Slack alert without a customer value', async () => {
    const threat = await submit({ userId: 'hal' });
    await expectEventually(() => expect(receiver.at('/health').map((delivery) => delivery.json.data.userId)).to.deep.equal(['hal']), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    expect(receiver.at('/health')[0].json.data).to.include({ band: 'at_risk', triggeredByFeedbackId: threat });
    expect(slackAbout('hal')).to.deep.equal([]);
  });

  describe('a shadow user (items with an email only) with a churn threat', () => {
    let threat: string;

    before(async () => {
      threat = await submit({ email: SHADOW.toUpperCase() });
      await expectEventually(() => expect(slackAbout(SHADOW)).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
      await healthQueueDrained();
    });

    it('enters the at-risk band on the stream named by the hash of its email: the event is marked shadow, the stream name holds no email', async () => {
      const events = await bandEvents(SHADOW);
      expect(events.map((event) => event.type)).to.deep.equal(['UserHealthChanged']);
      expect(events[0].data).to.include({ userId: SHADOW, band: 'at_risk', triggeredByFeedbackId: threat, shadow: true });
      expect((events[0].data as any).reasons[0]).to.include({ factor: 'churn_threat' });
      const named = await server.runtime.db.query(`SELECT 1 FROM events WHERE position('quillvane' in lower(stream)) > 0`);
      expect(named.rowCount).to.equal(0);
    });

    it('is alerted on Slack although it has no customer value, saying it is known only by its email, with the threat quoted and a link to it', async () => {
      const { blocks } = slackAbout(SHADOW)[0].json;
      expect(blocks[1].text.text).to.match(/^\*quillvane\.shadow@example\.org\* \(known only by this email\) entered the at-risk band \(health \d+\/100\)\.$/);
      expect(blocks[2].text.text).to.equal(`> ${THREAT}`);
      expect(blocks.at(-1).elements[0].url).to.equal(`${BASE}/app/users/${encodeURIComponent(SHADOW)}`);
    });

    it('sends no user.health_changed, and queues none', async () => {
      const queued = await server.runtime.db.query(`SELECT 1 FROM webhook_deliveries WHERE kind = 'user.health_changed' AND data->>'userId' = $1`, [SHADOW]);
      expect(queued.rowCount).to.equal(0);
      const received = receiver.at('/health').map((delivery) => delivery.json.data.userId);
      expect(received).to.include('hal').and.not.include(SHADOW);
    });

    it('is on the at-risk list, with the score and reasons GET /users/{email} gives', async () => {
      const { health } = await readJson(await server.request(`/api/v1/users/${encodeURIComponent(SHADOW)}`, { key: project.secretKey }));
      expect(health.atRisk).to.equal(true);
      const listed = (await atRiskList()).find((customer) => customer.userId === SHADOW);
      expect(listed).to.include({ band: 'at_risk', score: health.score });
      expect(listed!.reasons).to.deep.equal(health.reasons);
    });

    it('never has its email in the service’s logs', () => {
      expect(logs.lines.length).to.be.greaterThan(0);
      expect(logs.text.toLowerCase()).not.to.include('quillvane');
    });

    it('erased by its email (DELETE /users/{email}), leaves no event and no row naming it, the Slack alert included; the list drops it', async () => {
      expect(await tablesContaining(server.runtime.db, SHADOW)).to.include.members(['events', 'slack_alerts', 'health_at_risk']);
      await erase(SHADOW);
      expect(await tablesContaining(server.runtime.db, SHADOW)).to.deep.equal([]);
      expect(await bandEvents(SHADOW)).to.deep.equal([]);
      expect((await atRiskList()).map((customer) => customer.userId)).not.to.include(SHADOW);
      expect(logs.text.toLowerCase()).not.to.include('quillvane');
    });
  });

  it('a shadow user whose threat was backfilled records the band but is never alerted', async () => {
    await submit({ email: BACKFILLED, createdAt: TEN_DAYS_AGO() });
    await expectEventually(async () => expect((await bandEvents(BACKFILLED)).map((event) => event.type)).to.deep.equal(['UserHealthChanged']), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    const [entered] = await bandEvents(BACKFILLED);
    expect(await server.runtime.engine.waitFor(entered.position)).to.equal(true);
    const queued = await server.runtime.db.query(`SELECT 1 FROM slack_alerts WHERE data->>'userId' = $1`, [BACKFILLED]);
    expect(queued.rowCount).to.equal(0);
    expect(slackAbout(BACKFILLED)).to.deep.equal([]);
  });

  it('a shadow user merged into a real profile (linking auto): erasing that profile erases the shadow’s stream and alert too', async () => {
    await submit({ email: MERGED });
    await expectEventually(() => expect(slackAbout(MERGED)).to.have.length(1), { timeoutMs: 30_000, intervalMs: 200 });
    const identified = await identifyRequest(server, project.secretKey, { userId: 'u-quill', traits: { email: MERGED } });
    expect(identified.status, await identified.clone().text()).to.equal(200);
    await healthQueueDrained();
    // The merged profile's own band: identified now, so its entry is a webhook.
    await expectEventually(() => expect(receiver.at('/health').map((delivery) => delivery.json.data.userId)).to.include('u-quill'), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    expect((await bandEvents(MERGED)).map((event) => event.type)).to.deep.equal(['UserHealthChanged']);
    expect(await tablesContaining(server.runtime.db, MERGED)).to.include.members(['events', 'slack_alerts']);

    await erase('u-quill');
    expect(await tablesContaining(server.runtime.db, MERGED)).to.deep.equal([]);
    expect(await tablesContaining(server.runtime.db, 'u-quill')).to.deep.equal([]);
    expect(await bandEvents(MERGED)).to.deep.equal([]);
  });

  it('a shadow user whose items were all deleted is no longer shown, but its band history is still erasable by its email', async () => {
    const threat = await submit({ email: VANISHED });
    await expectEventually(async () => expect((await bandEvents(VANISHED)).map((event) => event.type)).to.deep.equal(['UserHealthChanged']), {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    expect((await server.request(`/api/v1/feedback/${threat}`, { method: 'DELETE', key: project.secretKey })).status).to.equal(204);
    await healthQueueDrained();
    expect((await server.request(`/api/v1/users/${encodeURIComponent(VANISHED)}`, { key: project.secretKey })).status).to.equal(404);
    expect(await tablesContaining(server.runtime.db, VANISHED)).to.include('events');

    await erase(VANISHED);
    expect(await tablesContaining(server.runtime.db, VANISHED)).to.deep.equal([]);
    expect(await bandEvents(VANISHED)).to.deep.equal([]);
    const again = await server.request(`/api/v1/users/${encodeURIComponent(VANISHED)}`, { method: 'DELETE', key: project.secretKey });
    expect(again.status).to.equal(404);
  });
});
