import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectCommand } from '../../src/cli/commands/project.js';
import { DigestWorker } from '../../src/notifications/digest/digest-worker.js';
import { LOGIN_PHRASINGS, waitForCluster, waitForClusteringIdle } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { MutableClock } from '../support/mutable-clock.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BASE = 'https://feedback.example.com';
/** Longer than the digest worker's check interval (5 s): time enough for a second send, were there one. */
const QUIET_MS = 6500;
const EVENTUALLY = { timeoutMs: 20_000, intervalMs: 100 };

describe('Digests: once per period (UTC) by email and Slack, across restarts and worker nodes', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: TestServer;
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  const logs = new LogCapture();
  // Monday 2 March 2026, 10:00 UTC.
  const clock = new MutableClock(new Date('2026-03-02T10:00:00.000Z'));

  const start = async () =>
    startTestServer({
      clock,
      logStream: logs,
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_SECRET_KEY: 'd'.repeat(64),
        PUBLIC_BASE_URL: BASE,
        SMTP_URL: smtp.url,
        SMTP_FROM: 'Feedback <digest@example.com>',
      },
    });

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'digests-'));
    smtp = await new SmtpSink().start();
    receiver = await new WebhookReceiver().start();
    server = await start();
  });
  after(async () => {
    await server?.close();
    await smtp?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function update(project: TestProject, ...args: string[]): Promise<void> {
    await projectCommand(server.runtime, ['update', '--project', project.projectId, ...args], () => {});
  }

  const emailsOf = (name: string) => smtp.received.filter((email) => email.headers.subject?.includes(name));

  it('sends the day’s digest once after midnight UTC, with HTML and text parts, quotes and links; a restart sends nothing again', async () => {
    const project = await server.createProject({ name: 'Daily One' });
    await update(
      project,
      '--digest',
      'daily',
      '--digest-email',
      'pm@example.com',
      '--digest-email',
      'lead@example.com',
      '--slack-webhook',
      receiver.url('/daily'),
    );
    const ids = [];
    for (const text of LOGIN_PHRASINGS.slice(0, 3)) ids.push(await submitFeedback(server, project.secretKey, { text }));
    const clusterId = await waitForCluster(server, project, ids[0]);
    for (const id of ids) expect(await waitForCluster(server, project, id)).to.equal(clusterId);
    await waitForClusteringIdle(server, project.projectId);
    const labelNow = async (): Promise<string> =>
      (await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: project.secretKey }))).cluster.label;

    await sleep(QUIET_MS);
    expect(emailsOf('Daily One'), 'nothing before the day has ended').to.have.length(0);
    clock.set('2026-03-03T00:00:30.000Z');
    await expectEventually(() => expect(emailsOf('Daily One')).to.have.length(1), EVENTUALLY);
    await expectEventually(() => expect(receiver.at('/daily')).to.have.length(1), EVENTUALLY);

    const [email] = emailsOf('Daily One');
    const label = await labelNow();
    expect(email.to).to.have.members(['pm@example.com', 'lead@example.com']);
    expect(email.from).to.equal('digest@example.com');
    expect(email.headers.subject).to.equal('Daily feedback digest for Daily One: 2026-03-02 (UTC)');
    expect(email.headers['content-type']).to.match(/^multipart\/alternative/);
    expect(email.headers['message-id']).to.equal(`<digest.${project.projectId}.daily.2026-03-02@example.com>`);
    const link = `${BASE}/app/themes/${clusterId}`;
    expect(email.text).to.include('NEW THEMES').and.include(label).and.include(link).and.include('3 item(s) in the period');
    expect(email.text.match(/^ {2}"/gm)).to.have.length(2);
    expect(email.html).to.include(`<a href="${link}">`).and.include('<blockquote');
    const slack = receiver.at('/daily')[0].json;
    expect(slack.blocks[0].text.text).to.equal('Daily digest: Daily One');
    expect(JSON.stringify(slack.blocks)).to.include(`<${link}|`);

    await server.close();
    server = await start();
    await sleep(QUIET_MS);
    expect(emailsOf('Daily One')).to.have.length(1);
    expect(receiver.at('/daily')).to.have.length(1);

    // The next day: the theme was resolved on it.
    clock.set('2026-03-03T09:00:00.000Z');
    const resolved = await server.request(`/api/v1/clusters/${clusterId}`, {
      method: 'PATCH',
      key: project.secretKey,
      body: JSON.stringify({ status: 'resolved' }),
    });
    expect(resolved.status).to.equal(200);
    clock.set('2026-03-04T00:01:00.000Z');
    await expectEventually(() => expect(emailsOf('Daily One')).to.have.length(2), EVENTUALLY);
    const second = emailsOf('Daily One')[1];
    expect(second.headers.subject).to.equal('Daily feedback digest for Daily One: 2026-03-03 (UTC)');
    expect(second.text)
      .to.include('RESOLVED')
      .and.include(await labelNow())
      .and.not.include('NEW THEMES');
    await expectEventually(() => expect(receiver.at('/daily')).to.have.length(2), EVENTUALLY);
  });

  it('sends a digest a crashed node claimed but never sent, once its lease has run out; and once when several workers look at once', async () => {
    clock.set('2026-03-09T12:00:00.000Z'); // a Monday
    const project = await server.createProject({ name: 'Weekly Two' });
    await update(project, '--digest', 'weekly', '--digest-email', 'pm@example.com');
    // A node claimed the week's digest at the boundary and died before sending it.
    await server.runtime.db.query(
      `INSERT INTO digest_sends (project_id, cadence, period_start, channel, period_end, claim_token, claimed_until, claimed_at)
       VALUES ($1, 'weekly', '2026-03-09T00:00:00Z', 'email', '2026-03-16T00:00:00Z', 'crashed-node', '2026-03-16T00:02:00Z', '2026-03-16T00:00:00Z')`,
      [project.projectId],
    );
    clock.set('2026-03-16T00:01:00.000Z');
    await sleep(QUIET_MS);
    expect(emailsOf('Weekly Two'), 'the lease is still live').to.have.length(0);

    clock.set('2026-03-16T00:03:00.000Z');
    // Several worker nodes at once, besides the server's own.
    const nodes = [new DigestWorker(server.runtime), new DigestWorker(server.runtime), new DigestWorker(server.runtime)];
    await Promise.all(nodes.map((node) => node.runOnce()));
    await Promise.all(nodes.map((node) => node.runOnce()));
    await expectEventually(() => expect(emailsOf('Weekly Two')).to.have.length(1), EVENTUALLY);
    await sleep(QUIET_MS);
    for (const node of nodes) node.close();
    expect(emailsOf('Weekly Two')).to.have.length(1);
    expect(emailsOf('Weekly Two')[0].headers.subject).to.equal('Weekly feedback digest for Weekly Two: 2026-03-09 to 2026-03-15 (UTC)');
    expect(emailsOf('Weekly Two')[0].text).to.include('No new, spiking, growing or resolved themes');
    const row = (await server.runtime.db.query(`SELECT status, attempts FROM digest_sends WHERE project_id = $1`, [project.projectId])).rows;
    expect(row).to.deep.equal([{ status: 'sent', attempts: 2 }]);
  });

  it('marks a digest sent only after the SMTP server accepted it: a refused message is sent again later, once', async () => {
    clock.set('2026-03-20T08:00:00.000Z');
    const project = await server.createProject({ name: 'Daily Three' });
    await update(project, '--digest', 'daily', '--digest-email', 'pm@example.com');
    let refused = 0;
    smtp.refuse = (raw) => raw.includes('Daily Three') && refused++ === 0;
    clock.set('2026-03-21T00:00:10.000Z');
    await expectEventually(async () => {
      const rows = (await server.runtime.db.query(`SELECT status, last_error FROM digest_sends WHERE project_id = $1`, [project.projectId])).rows;
      expect(rows).to.deep.equal([{ status: 'pending', last_error: 'smtp EMESSAGE 451' }]);
    }, EVENTUALLY);
    expect(emailsOf('Daily Three')).to.have.length(0);
    clock.advance(60_000); // past the first retry's 30–36 s
    await expectEventually(() => expect(emailsOf('Daily Three')).to.have.length(1), EVENTUALLY);
    await sleep(QUIET_MS);
    expect(emailsOf('Daily Three')).to.have.length(1);
    expect(logs.text).not.to.include(smtp.password);
  });
});
