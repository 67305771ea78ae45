import { expect } from 'chai';
import { projectCommand } from '../../src/cli/commands/project.js';
import { Invalid } from '../../src/domain/errors.js';
import { projectStream } from '../../src/domain/project/events.js';
import { userStream } from '../../src/domain/user/events.js';
import { LOGIN_PHRASINGS, waitForCluster } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import type { TestProject } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { MutableClock } from '../support/mutable-clock.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BASE = 'https://feedback.example.com';

describe('Slack alerts: spiking and regressed themes, high-value users at risk', function () {
  this.timeout(90_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  const clock = new MutableClock();
  const logs = new LogCapture();

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({
      analyzer: 'offline',
      clock,
      logStream: logs,
      env: { WEBHOOK_ALLOW_HTTP: 'true', LOG_LEVEL: 'info', WEBHOOK_SECRET_KEY: 'c'.repeat(64), PUBLIC_BASE_URL: `${BASE}/` },
    });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  /** `feedbackctl project update --project ID …`, as the CLI runs it inside the service. */
  async function update(project: TestProject, ...args: string[]): Promise<string[]> {
    const printed: string[] = [];
    await projectCommand(server.runtime, ['update', '--project', project.projectId, ...args], (line) => printed.push(line));
    return printed;
  }

  async function record(stream: string, type: string, data: Record<string, unknown>): Promise<void> {
    const appended = await server.runtime.store.append(stream, [{ type, data, metadata: { ...testContext() } }], 'any');
    await server.runtime.engine.waitFor(appended.position);
  }

  /** A real theme of two items (the clustering worker forms it). */
  async function themeOfTwo(project: TestProject): Promise<{ clusterId: string; first: string; second: string }> {
    const first = await submitFeedback(server, project.secretKey, { text: LOGIN_PHRASINGS[0] });
    const second = await submitFeedback(server, project.secretKey, { text: LOGIN_PHRASINGS[1] });
    const clusterId = await waitForCluster(server, project, first);
    expect(await waitForCluster(server, project, second)).to.equal(clusterId);
    return { clusterId, first, second };
  }

  const spike = (project: TestProject, clusterId: string, triggeredByFeedbackId: string) =>
    record(`cluster-${clusterId}`, 'ClusterSpiking', {
      clusterId,
      projectId: project.projectId,
      at: clock.now().toISOString(),
      reportsLast24h: 7,
      priorDailyRate: 0.5,
      triggeredByFeedbackId,
    });

  const alertRows = async (projectId: string) =>
    (await server.runtime.db.query(`SELECT event_id, kind, status, attempts FROM slack_alerts WHERE project_id = $1 ORDER BY seq`, [projectId])).rows;

  it('stores the incoming-webhook URL sealed: the settings event and the logs never hold it', async () => {
    const project = await server.createProject({ name: 'Sealed' });
    const url = receiver.url('/slack-sealed-T0000-B0000-XXXXXXXX');
    const printed = await update(project, '--slack-webhook', url, '--slack-min-value', '500');
    expect(printed.join('\n')).not.to.include('XXXXXXXX');
    const events = await server.runtime.store.readStream(projectStream(project.projectId));
    const changed = events.filter((event) => event.type === 'ProjectSettingsChanged');
    expect(changed).to.have.length(1);
    const changes = (changed[0].data as any).changes;
    expect(changes.slackWebhookCiphertext).to.match(/^v1\./);
    expect(changes.slackMinValue).to.equal('500');
    expect(JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })))).not.to.include('XXXXXXXX');
    expect(logs.text).not.to.include('XXXXXXXX');

    await update(project, '--clear-slack-webhook');
    const channel = await server.runtime.db.query(`SELECT webhook_ciphertext FROM slack_channels WHERE project_id = $1`, [project.projectId]);
    expect(channel.rows[0].webhook_ciphertext).to.equal(null);
  });

  it('refuses a URL outside the outbound address policy, naming slackWebhook and not echoing the URL; nothing is recorded', async () => {
    const project = await server.createProject({ name: 'Refused' });
    for (const url of ['https://169.254.169.254/hooks/SECRETPART', 'http://hooks.example.com/SECRETPART', 'https://10.0.0.5/SECRETPART', 'not a url']) {
      let thrown: unknown;
      try {
        await update(project, '--slack-webhook', url);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, url).to.be.instanceOf(Invalid);
      const problems = (thrown as Invalid).problems;
      expect(problems.map((problem) => problem.field)).to.deep.equal(['slackWebhook']);
      expect(JSON.stringify(problems)).not.to.include('SECRETPART');
    }
    const events = await server.runtime.store.readStream(projectStream(project.projectId));
    expect(events.map((event) => event.type)).not.to.include('ProjectSettingsChanged');
  });

  it('alerts a spiking theme once, as Block Kit with the label, counts, two redacted quotes, a context line and a button into the app', async () => {
    const project = await server.createProject({ name: 'Spiking & Co <team>' });
    await update(project, '--slack-webhook', receiver.url('/spiking'));
    const { clusterId, first } = await themeOfTwo(project);
    await submitFeedback(server, project.secretKey, { text: 'Please call me at +1 415 555 0199, login fails with my password every time.' });
    const label = (await server.runtime.db.query(`SELECT label FROM clusters WHERE cluster_id = $1`, [clusterId])).rows[0].label;
    await spike(project, clusterId, first);

    await expectEventually(() => expect(receiver.at('/spiking')).to.have.length(1));
    const [message] = receiver.at('/spiking');
    expect(message.headers['content-type']).to.match(/^application\/json/);
    const { text, blocks } = message.json;
    expect(text).to.equal(`Spiking: ${label}`);
    expect(blocks.map((block: any) => block.type)).to.deep.equal(['header', 'section', 'section', 'context', 'actions']);
    expect(blocks[0].text).to.deep.equal({ type: 'plain_text', text: `Spiking: ${label}`, emoji: false });
    expect(blocks[1].text.type).to.equal('mrkdwn');
    expect(blocks[1].text.text).to.include('*7* reports in the last 24 hours').and.include('0.5 a day');
    const quotes = blocks[2].text.text.split('\n');
    expect(quotes).to.have.length(2);
    expect(quotes[0]).to.equal(`> ${LOGIN_PHRASINGS[0]}`);
    for (const quote of quotes) expect(quote).to.match(/^> /).and.not.include('555 0199');
    expect(blocks[3].elements[0].text)
      .to.include('Spiking &amp; Co &lt;team&gt;')
      .and.match(/2026-03-01 12:00 UTC$/);
    expect(blocks[4].elements[0]).to.include({ type: 'button', url: `${BASE}/app/themes/${clusterId}` });

    await expectEventually(async () => {
      const rows = await alertRows(project.projectId);
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({ kind: 'cluster.spiking', status: 'sent', attempts: 1 });
    });
    // The reactor never runs again for the event; a rebuild of every read model sends nothing.
    const { engine } = server.runtime;
    await engine.reset(engine.projectorNames);
    await engine.catchUp();
    await sleep(1500);
    expect(receiver.at('/spiking')).to.have.length(1);
  });

  it('alerts a regression, but never one caused by an item backfilled more than 48 hours in the past', async () => {
    const project = await server.createProject({ name: 'Regressed' });
    await update(project, '--slack-webhook', receiver.url('/regressed'));
    const { clusterId } = await themeOfTwo(project);
    const old = await submitFeedback(server, project.secretKey, {
      text: 'Old login complaint.',
      createdAt: new Date(clock.now().getTime() - 72 * 3600_000).toISOString(),
    });
    const fresh = await submitFeedback(server, project.secretKey, { text: 'New login complaint.' });
    const at = clock.now().toISOString();
    await record(`cluster-${clusterId}`, 'ClusterRegressed', { clusterId, projectId: project.projectId, at, triggeredByFeedbackId: old });
    await spike(project, clusterId, old);
    await record(`cluster-${clusterId}`, 'ClusterRegressed', { clusterId, projectId: project.projectId, at, triggeredByFeedbackId: fresh });
    await expectEventually(() => expect(receiver.at('/regressed')).to.have.length(1));
    expect(receiver.at('/regressed')[0].json.text).to.match(/^Regressed: /);
    await sleep(1000);
    expect(receiver.at('/regressed')).to.have.length(1);
    expect((await alertRows(project.projectId)).map((row) => row.kind)).to.deep.equal(['cluster.regressed']);
  });

  it('honours a 429 Retry-After: the alert waits that long, costs no attempt, and goes out once', async () => {
    const project = await server.createProject({ name: 'Limited' });
    await update(project, '--slack-webhook', receiver.url('/limited'));
    let limited = true;
    receiver.status = (path) => (path === '/limited' && limited ? 429 : 200);
    receiver.responseHeaders = (path): Record<string, string> => (path === '/limited' && limited ? { 'Retry-After': '120' } : {});
    const { clusterId, first } = await themeOfTwo(project);
    await spike(project, clusterId, first);
    await expectEventually(() => expect(receiver.at('/limited')).to.have.length(1));
    await expectEventually(async () => expect((await alertRows(project.projectId))[0]).to.include({ status: 'pending', attempts: 0 }));
    limited = false;
    clock.advance(60_000);
    await sleep(1500);
    expect(receiver.at('/limited'), 'not before the Retry-After').to.have.length(1);
    clock.advance(61_000);
    await expectEventually(() => expect(receiver.at('/limited')).to.have.length(2));
    await expectEventually(async () => expect((await alertRows(project.projectId))[0]).to.include({ status: 'sent', attempts: 1 }));
    await sleep(1000);
    expect(receiver.at('/limited')).to.have.length(2);
    receiver.status = () => 200;
    receiver.responseHeaders = () => ({});
  });

  describe('users entering the at-risk band', () => {
    async function identify(project: TestProject, userId: string, mrr: number): Promise<void> {
      const response = await server.request('/api/v1/users/identify', {
        method: 'POST',
        key: project.secretKey,
        body: JSON.stringify({ userId, traits: { mrr } }),
      });
      expect(response.status, 'identify').to.be.oneOf([200, 201]);
    }

    const atRisk = (project: TestProject, userId: string, score: number) =>
      record(userStream(project.projectId, userId), 'UserHealthChanged', {
        projectId: project.projectId,
        userId,
        score,
        band: 'at_risk',
        triggeredByFeedbackId: null,
        at: clock.now().toISOString(),
      });

    it('alerts only users in the top quartile of customer value, or from --slack-min-value when set', async () => {
      const project = await server.createProject({ name: 'Accounts' });
      await update(project, '--slack-webhook', receiver.url('/users'), '--customer-value-trait', 'mrr');
      for (const [userId, mrr] of [
        ['u_small', 10],
        ['u_mid', 20],
        ['u_large', 30],
        ['u_whale', 40],
      ] as const)
        await identify(project, userId, mrr);
      // Praise, so the health worker itself records no at-risk entry for the user (only the test's events do).
      const quoted = await submitFeedback(server, project.secretKey, { text: 'The new export screen is lovely, thank you!', userId: 'u_whale' });
      await waitForCluster(server, project, quoted);
      await atRisk(project, 'u_large', 31); // second of four: not in the top quartile
      await atRisk(project, 'u_whale', 22);
      await expectEventually(() => expect(receiver.at('/users')).to.have.length(1));
      const { blocks } = receiver.at('/users')[0].json;
      expect(blocks[0].text.text).to.equal('At risk: u_whale');
      expect(blocks[1].text.text).to.include('health 22/100').and.include('*40*');
      expect(blocks[2].text.text).to.equal('> The new export screen is lovely, thank you!');
      expect(blocks.at(-1).elements[0].url).to.equal(`${BASE}/app/users/u_whale`);

      // A threshold replaces the quartile.
      await update(project, '--slack-min-value', '20');
      await atRisk(project, 'u_mid', 30);
      await atRisk(project, 'u_small', 30);
      await expectEventually(() => expect(receiver.at('/users')).to.have.length(2));
      expect(receiver.at('/users')[1].json.blocks[0].text.text).to.equal('At risk: u_mid');
      await sleep(1000);
      expect(receiver.at('/users')).to.have.length(2);
    });
  });
});
