import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findProjectSettings } from '../../queries/projects/project-settings.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { appLink, csrfOf, postForm, signIn } from '../support/workspace.js';

const SLACK_URL = 'https://hooks.slack.com/services/T0000/B0000/slackcredentialxyz';

describe('workspace settings page: webhook health, Slack, digest and widget origins', function () {
  this.timeout(240_000);
  let dataDir: string;
  let server: TestServer;
  let receiver: WebhookReceiver;
  let project: TestProject;
  let editor: string;
  let viewer: string;
  let csrf: string;
  let healthy: { id: string; secret: string };
  let failing: { id: string; secret: string };

  const page = (pathname: string, cookie = viewer) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
  const html = async (pathname: string, cookie = viewer) => {
    const response = await page(pathname, cookie);
    expect(response.status, pathname).to.equal(200);
    return response.text();
  };
  const webhooks = async () => (await readJson(await server.request('/api/v1/webhooks', { key: project.secretKey }))).webhooks;
  const settings = async () => (await findProjectSettings(server.runtime.db, project.projectId))!;
  const edit = (pathname: string, fields: Record<string, string>, cookie = editor) => postForm(server, pathname, { _csrf: csrf, ...fields }, { cookie });
  /** The table row of an endpoint on the page. */
  const rowOf = (page: string, id: string) => new RegExp(`<tr data-endpoint="${id}">[\\s\\S]*?</tr>`).exec(page)![0];

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-settings-'));
    receiver = await new WebhookReceiver().start();
    receiver.status = (at) => (at.startsWith('/failing') ? 500 : 200);
    server = await startTestServer({ env: { DATA_DIR: dataDir, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'd'.repeat(64) } });
    project = await server.createProject({ name: 'Settings page' });
    const create = async (at: string) => {
      const response = await server.request('/api/v1/webhooks', {
        method: 'POST',
        key: project.secretKey,
        body: JSON.stringify({ url: `${receiver.url(at)}?token=querycredential`, events: ['feedback.processed'] }),
      });
      expect(response.status).to.equal(201);
      return readJson(response);
    };
    healthy = await create('/ok');
    failing = await create('/failing');
    await submitFeedback(server, project.secretKey, { text: 'The export button does nothing when I click it.' });
    await expectEventually(
      async () => {
        const [ok, bad] = await webhooks();
        expect(ok.lastSuccessAt).to.be.a('string');
        expect(bad.consecutiveFailures).to.be.at.least(1);
      },
      { timeoutMs: 60_000, intervalMs: 300 },
    );
    editor = await signIn(server, await appLink(dataDir, project.projectId, 'editor'));
    viewer = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    csrf = csrfOf(await html('/app/settings', editor));
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows each endpoint with the health GET /api/v1/webhooks reports and its last error, never a secret or the URL’s query', async () => {
    const shown = await html('/app/settings');
    const [ok, bad] = await webhooks();
    expect([...shown.matchAll(/data-endpoint="([^"]+)"/g)].map((m) => m[1])).to.deep.equal([healthy.id, failing.id]);
    expect(rowOf(shown, ok.id)).to.include('Active').and.include('1 delivered, 0 failed, 0 waiting').and.include(`HTTP ${ok.lastStatus}`);
    expect(rowOf(shown, ok.id)).to.include(`datetime="${ok.lastSuccessAt}"`);
    expect(rowOf(shown, bad.id)).to.include(`${bad.consecutiveFailures} failure`).and.include('HTTP 500').and.include(`datetime="${bad.failingSince}"`);
    expect(rowOf(shown, bad.id)).to.match(/0 delivered, 0 failed, 1 waiting/);
    expect(rowOf(shown, bad.id), 'the last error').to.include('class="endpoint-error">HTTP 500</td>');
    expect(rowOf(shown, ok.id)).to.include('class="endpoint-error"><span class="muted">–</span>');
    expect(shown).to.include(`${new URL(receiver.url('/ok')).host}/ok?…`);
    for (const secret of [healthy.secret, failing.secret, 'querycredential', project.secretKey]) expect(shown).not.to.include(secret);
    expect(shown, 'a viewer gets no forms').not.to.include('method="post" action="/app/settings');
    expect(shown).to.include('aria-current="page">Settings</a>');
  });

  it('an editor pauses and resumes an endpoint, as PATCH /api/v1/webhooks/{id} does', async () => {
    expect(rowOf(await html('/app/settings', editor), healthy.id)).to.include(`action="/app/settings/webhooks/${healthy.id}/active"`);
    const paused = await edit(`/app/settings/webhooks/${healthy.id}/active`, { active: 'false' });
    expect(paused.status).to.equal(303);
    expect(paused.headers.get('location')).to.equal('/app/settings?done=paused');
    expect((await webhooks())[0]).to.include({ active: false, disabledReason: 'paused' });
    expect(rowOf(await html('/app/settings?done=paused'), healthy.id)).to.include('Paused');
    expect((await edit(`/app/settings/webhooks/${healthy.id}/active`, { active: 'true' })).status).to.equal(303);
    expect((await webhooks())[0]).to.include({ active: true, disabledReason: null });

    const bad = await edit(`/app/settings/webhooks/${healthy.id}/active`, { active: 'maybe' });
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.include('active: must be true or false');
    const missing = await edit('/app/settings/webhooks/whe_nothere/active', { active: 'false' });
    expect(missing.status).to.equal(404);
    await missing.arrayBuffer();
  });

  it('an editor connects Slack: the page shows only its host; a bad URL is refused naming the field', async () => {
    const refused = await edit('/app/settings/slack', { slackWebhook: 'ftp://hooks.slack.com/x', slackMinValue: '' });
    expect(refused.status).to.equal(400);
    expect(await refused.text()).to.include('slackWebhook:');
    expect((await settings()).slackWebhookCiphertext).to.equal(null);

    const saved = await edit('/app/settings/slack', { slackWebhook: SLACK_URL, slackMinValue: '5000' });
    expect(saved.status).to.equal(303);
    const after = await settings();
    expect(after.slackWebhookCiphertext).to.match(/^v1\./);
    expect(after.slackMinValue).to.equal('5000');
    const shown = await html('/app/settings?done=slack', editor);
    expect(shown).to.include('Connected to <span class="slack-host">hooks.slack.com</span>').and.include('alerted from a value of 5000');
    expect(shown).not.to.include('slackcredentialxyz').and.not.include('T0000/B0000');

    expect((await edit('/app/settings/slack', { slackWebhook: '', slackMinValue: '' })).status, 'an empty URL keeps the one set').to.equal(303);
    expect(await settings()).to.include({ slackWebhookCiphertext: after.slackWebhookCiphertext, slackMinValue: null });
    expect((await edit('/app/settings/slack', { disconnect: '1' })).status).to.equal(303);
    expect((await settings()).slackWebhookCiphertext).to.equal(null);
    expect(await html('/app/settings', editor)).to.include('Not connected');
  });

  it('an editor sets the digest and its recipients; a bad address or cadence is refused naming the field', async () => {
    const saved = await edit('/app/settings/digest', { digest: 'weekly', digestEmails: 'pm@example.com\nlead@Example.COM' });
    expect(saved.status).to.equal(303);
    expect(await settings()).to.deep.include({ digest: 'weekly', digestEmails: ['pm@example.com', 'lead@example.com'] });
    const shown = await html('/app/settings');
    expect(shown).to.include('data-digest="weekly"').and.include('pm@example.com, lead@example.com');

    for (const [fields, field] of [
      [{ digest: 'weekly', digestEmails: 'not-an-address' }, 'digestEmails:'],
      [{ digest: 'hourly', digestEmails: '' }, 'digest:'],
    ] as const) {
      const refused = await edit('/app/settings/digest', fields);
      expect(refused.status).to.equal(400);
      expect(await refused.text()).to.include(field);
    }
    expect(await settings()).to.deep.include({ digest: 'weekly', digestEmails: ['pm@example.com', 'lead@example.com'] });
  });

  it('an editor allows and removes widget origins; a bad origin is refused naming the field', async () => {
    expect((await edit('/app/settings/origins', { add: 'https://app.example.com/some/page' })).status).to.equal(303);
    expect((await edit('/app/settings/origins', { add: 'https://www.example.org' })).status).to.equal(303);
    expect((await settings()).allowedOrigins).to.deep.equal(['https://app.example.com', 'https://www.example.org']);
    const shown = await html('/app/settings', editor);
    expect(shown).to.include('data-origin="https://app.example.com"').and.include('name="remove" value="https://www.example.org"');

    expect((await edit('/app/settings/origins', { remove: 'https://www.example.org' })).status).to.equal(303);
    expect((await settings()).allowedOrigins).to.deep.equal(['https://app.example.com']);
    for (const fields of [{ add: 'javascript:alert(1)' }, { remove: 'https://never.example' }, {}] as Record<string, string>[]) {
      const refused = await edit('/app/settings/origins', fields);
      expect(refused.status, JSON.stringify(fields)).to.equal(400);
      expect(await refused.text()).to.include('allowedOrigins:');
    }
    expect((await settings()).allowedOrigins).to.deep.equal(['https://app.example.com']);
  });

  it('refuses viewers, posts without the CSRF token and posts from another origin (403), changing nothing', async () => {
    const before = await settings();
    const viewerCsrf = csrfOf(await html('/app/settings'));
    const attempts: [string, Record<string, string>][] = [
      [`/app/settings/webhooks/${healthy.id}/active`, { active: 'false' }],
      ['/app/settings/slack', { slackWebhook: SLACK_URL }],
      ['/app/settings/digest', { digest: 'off', digestEmails: '' }],
      ['/app/settings/origins', { add: 'https://evil.example' }],
    ];
    for (const [pathname, fields] of attempts) {
      await expectProblem(await postForm(server, pathname, { ...fields, _csrf: viewerCsrf }, { cookie: viewer }), 403, 'forbidden');
      await expectProblem(await postForm(server, pathname, fields, { cookie: editor }), 403, 'forbidden');
      await expectProblem(await postForm(server, pathname, { ...fields, _csrf: csrf }, { cookie: editor, Origin: 'https://evil.example' }), 403, 'forbidden');
    }
    expect(await settings()).to.deep.equal(before);
    expect((await webhooks())[0].active).to.equal(true);
  });
});
