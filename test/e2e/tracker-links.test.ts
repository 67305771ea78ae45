import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { projectCommand } from '../../src/cli/commands/project.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import { LOGIN_PHRASINGS, waitForCluster } from '../support/clusters.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const GITHUB_SECRET = 'gh-secret-0123456789abcdef';
const LINEAR_SECRET = 'lin_wh_0123456789abcdefghijkl';
const hmacHex = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('Closing the loop: themes linked to tracker issues, resolved when GitHub or Linear reports the issue closed', function () {
  this.timeout(90_000);
  let server: TestServer;
  let receiver: WebhookReceiver;
  const clock = new MutableClock();

  before(async () => {
    receiver = await new WebhookReceiver().start();
    server = await startTestServer({ clock, env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_SECRET_KEY: 'e'.repeat(64) } });
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function project(name: string): Promise<TestProject> {
    const created = await server.createProject({ name });
    await projectCommand(
      server.runtime,
      ['update', '--project', created.projectId, '--github-webhook-secret', GITHUB_SECRET, '--linear-webhook-secret', LINEAR_SECRET],
      () => {},
    );
    return created;
  }

  async function theme(owner: TestProject): Promise<string> {
    const first = await submitFeedback(server, owner.secretKey, { text: LOGIN_PHRASINGS[2] });
    return waitForCluster(server, owner, first);
  }

  const patchLinks = (owner: TestProject, clusterId: string, links: unknown) =>
    server.request(`/api/v1/clusters/${clusterId}`, { method: 'PATCH', key: owner.secretKey, body: JSON.stringify({ links }) });

  const getCluster = async (owner: TestProject, clusterId: string) =>
    (await readJson(await server.request(`/api/v1/clusters/${clusterId}`, { key: owner.secretKey }))).cluster;

  const github = (projectId: string, body: string, headers: Record<string, string>) =>
    fetch(`${server.url}/api/v1/integrations/github/${projectId}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

  const linear = (projectId: string, body: string, headers: Record<string, string>) =>
    fetch(`${server.url}/api/v1/integrations/linear/${projectId}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

  /** GitHub's `issues` event, as its documentation shows it (trimmed). */
  const closedIssue = (htmlUrl: string, action = 'closed') =>
    JSON.stringify({
      action,
      issue: {
        url: 'https://api.github.com/repos/Acme/App/issues/42',
        html_url: htmlUrl,
        number: 42,
        state: 'closed',
        title: 'Login fails',
        state_reason: 'completed',
      },
      repository: { full_name: 'Acme/App' },
      sender: { login: 'octocat' },
    });

  /** Linear's Issue update webhook, as its documentation shows it (trimmed). */
  const completedIssue = (url: string, at: number, stateType = 'completed') =>
    JSON.stringify({
      action: 'update',
      type: 'Issue',
      createdAt: new Date(at).toISOString(),
      data: { id: 'f0a1', identifier: 'ENG-7', title: 'Login fails', url, state: { id: 's1', name: 'Done', type: stateType } },
      updatedFrom: { stateId: 's0', updatedAt: new Date(at - 5000).toISOString() },
      url,
      webhookTimestamp: at,
      webhookId: 'wh_1',
    });

  it('PATCH links: canonical GitHub, Linear and Jira links on the theme stream, shown by GET; bad links are a 400 naming each, with no change', async () => {
    const owner = await project('Links');
    const clusterId = await theme(owner);
    const response = await patchLinks(owner, clusterId, [
      'https://github.com/Acme/App/issues/42/',
      'https://linear.app/acme/issue/eng-7/login-fails-with-password',
      'https://acme.atlassian.net/browse/APP-12?focusedCommentId=1',
      'https://github.com/acme/app/issues/42',
    ]);
    expect(response.status).to.equal(200);
    const expected = ['https://github.com/acme/app/issues/42', 'https://linear.app/acme/issue/ENG-7', 'https://acme.atlassian.net/browse/APP-12'];
    expect((await readJson(response)).links).to.deep.equal(expected);
    expect((await getCluster(owner, clusterId)).links).to.deep.equal(expected);
    const events = await server.runtime.store.readStream(clusterStream(clusterId));
    expect(events.filter((event) => event.type === 'ClusterLinksChanged').map((event) => (event.data as any).links)).to.deep.equal([expected]);

    await expectInvalidField(await patchLinks(owner, clusterId, ['https://github.com/acme/app/issues/1', 'https://evil.example/issues/1']), 'links[1]');
    await expectInvalidField(await patchLinks(owner, clusterId, ['http://github.com/acme/app/issues/1']), 'links[0]');
    await expectInvalidField(
      await patchLinks(
        owner,
        clusterId,
        Array.from({ length: 11 }, (_, i) => `https://github.com/a/b/issues/${i + 1}`),
      ),
      'links',
    );
    expect((await getCluster(owner, clusterId)).links).to.deep.equal(expected);

    // The same links again change nothing; [] removes them.
    expect((await patchLinks(owner, clusterId, expected)).status).to.equal(200);
    expect((await server.runtime.store.readStream(clusterStream(clusterId))).filter((event) => event.type === 'ClusterLinksChanged')).to.have.length(1);
    expect((await readJson(await patchLinks(owner, clusterId, []))).links).to.deep.equal([]);
  });

  it('GitHub: a signed `issues` closed event resolves every linked theme and fires cluster.resolved; bad signatures answer 401 and change nothing', async () => {
    const owner = await project('GitHub');
    const clusterId = await theme(owner);
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: owner.secretKey,
      body: JSON.stringify({ url: receiver.url('/resolved'), events: ['cluster.resolved'] }),
    });
    expect(hook.status).to.equal(201);
    expect((await patchLinks(owner, clusterId, ['https://github.com/acme/app/issues/42'])).status).to.equal(200);
    const body = closedIssue('https://github.com/Acme/App/issues/42');

    await expectProblem(await github(owner.projectId, body, { 'X-GitHub-Event': 'issues' }), 401, 'unauthorized');
    await expectProblem(
      await github(owner.projectId, body, { 'X-GitHub-Event': 'issues', 'X-Hub-Signature-256': `sha256=${hmacHex('wrong-secret-123456', body)}` }),
      401,
      'unauthorized',
    );
    await expectProblem(
      await github(owner.projectId, body + ' ', { 'X-GitHub-Event': 'issues', 'X-Hub-Signature-256': `sha256=${hmacHex(GITHUB_SECRET, body)}` }),
      401,
      'unauthorized',
    );
    await expectProblem(await github(owner.projectId, body, { 'X-GitHub-Event': 'issues', 'X-Hub-Signature-256': 'sha256=abc' }), 401, 'unauthorized');
    await expectProblem(
      await github('proj_unknown', body, { 'X-GitHub-Event': 'issues', 'X-Hub-Signature-256': `sha256=${hmacHex(GITHUB_SECRET, body)}` }),
      404,
      'not-found',
    );
    expect((await getCluster(owner, clusterId)).status).to.equal('active');

    const signed = (payload: string, event = 'issues') => ({ 'X-GitHub-Event': event, 'X-Hub-Signature-256': `sha256=${hmacHex(GITHUB_SECRET, payload)}` });
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    expect(await readJson(await github(owner.projectId, ping, signed(ping, 'ping')))).to.deep.equal({ handled: 'ping', issueUrl: null, resolved: [] });
    const reopened = closedIssue('https://github.com/Acme/App/issues/42', 'reopened');
    expect((await readJson(await github(owner.projectId, reopened, signed(reopened)))).handled).to.equal('ignored');
    expect((await getCluster(owner, clusterId)).status).to.equal('active');

    const response = await github(owner.projectId, body, signed(body));
    expect(response.status).to.equal(200);
    expect(await readJson(response)).to.deep.equal({ handled: 'issue-closed', issueUrl: 'https://github.com/acme/app/issues/42', resolved: [clusterId] });
    expect((await getCluster(owner, clusterId)).status).to.equal('resolved');
    await expectEventually(() => expect(receiver.at('/resolved').map((delivery) => delivery.json.data.clusterId)).to.deep.equal([clusterId]));
  });

  it('GitHub: a body over 1 MB is refused with 413, unread', async () => {
    const owner = await project('Large');
    const body = JSON.stringify({ action: 'closed', padding: 'x'.repeat(1024 * 1024) });
    await expectProblem(
      await github(owner.projectId, body, { 'X-GitHub-Event': 'issues', 'X-Hub-Signature-256': `sha256=${hmacHex(GITHUB_SECRET, body)}` }),
      413,
      'payload-too-large',
    );
  });

  it('Linear: a signed Issue update into a completed state within 60 s resolves the linked themes; a stale timestamp or bad signature answers 401', async () => {
    const owner = await project('Linear');
    const clusterId = await theme(owner);
    expect((await patchLinks(owner, clusterId, ['https://linear.app/acme/issue/ENG-7'])).status).to.equal(200);
    const url = 'https://linear.app/acme/issue/ENG-7/login-fails';
    const now = clock.now().getTime();

    const stale = completedIssue(url, now - 61_000);
    await expectProblem(await linear(owner.projectId, stale, { 'Linear-Signature': hmacHex(LINEAR_SECRET, stale) }), 401, 'unauthorized');
    const fresh = completedIssue(url, now - 2000);
    await expectProblem(await linear(owner.projectId, fresh, { 'Linear-Signature': hmacHex('another-secret-0123456', fresh) }), 401, 'unauthorized');
    await expectProblem(await linear(owner.projectId, fresh, {}), 401, 'unauthorized');
    const started = completedIssue(url, now, 'started');
    expect((await readJson(await linear(owner.projectId, started, { 'Linear-Signature': hmacHex(LINEAR_SECRET, started) }))).handled).to.equal('ignored');
    expect((await getCluster(owner, clusterId)).status).to.equal('active');

    const response = await linear(owner.projectId, fresh, { 'Linear-Signature': hmacHex(LINEAR_SECRET, fresh) });
    expect(response.status).to.equal(200);
    expect(await readJson(response)).to.deep.equal({ handled: 'issue-closed', issueUrl: 'https://linear.app/acme/issue/ENG-7', resolved: [clusterId] });
    expect((await getCluster(owner, clusterId)).status).to.equal('resolved');
  });

  it('a project without a tracker secret answers 401 and the secret is stored sealed', async () => {
    const owner = await server.createProject({ name: 'No secret' });
    const body = closedIssue('https://github.com/acme/app/issues/1');
    const problem = await expectProblem(
      await github(owner.projectId, body, { 'X-GitHub-Event': 'issues', 'X-Hub-Signature-256': `sha256=${hmacHex(GITHUB_SECRET, body)}` }),
      401,
      'unauthorized',
    );
    expect(problem.detail).to.include('--github-webhook-secret');
    const withSecret = await project('Sealed secret');
    const settings = (await server.runtime.db.query(`SELECT settings FROM projects WHERE project_id = $1`, [withSecret.projectId])).rows[0].settings;
    expect(settings.githubWebhookSecretCiphertext).to.match(/^v1\./);
    expect(JSON.stringify(settings)).not.to.include(GITHUB_SECRET).and.not.to.include(LINEAR_SECRET);
  });

  it('the OpenAPI document describes both integration routes without API-key security', async () => {
    const document = await readJson(await server.request('/api/v1/openapi.json'));
    for (const tracker of ['github', 'linear']) {
      const operation = document.paths[`/api/v1/integrations/${tracker}/{projectId}`].post;
      expect(operation.security).to.deep.equal([]);
      expect(operation.responses['200'].content['application/json'].schema.$ref).to.equal('#/components/schemas/TrackerWebhookResult');
      expect(Object.keys(operation.responses)).to.include.members(['401', '404', '413']);
    }
    expect(document.paths['/api/v1/clusters/{id}'].patch.requestBody.content['application/json'].schema.properties.links.maxItems).to.equal(10);
  });
});
