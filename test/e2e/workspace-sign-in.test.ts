import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashAppSecret } from '../../src/auth/app-secrets.js';
import { appSessionStream } from '../../src/domain/app-session/events.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import { LOGIN_PHRASINGS, submit, waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { cli } from '../support/feedbackctl-process.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { MutableClock } from '../support/mutable-clock.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { appLink, csrfOf, postForm, signIn } from '../support/workspace.js';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('workspace sign-in: feedbackctl app-link, one-time links, sessions, CSRF, roles', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let theme: string;
  const clock = new MutableClock(new Date());

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-sign-in-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir }, clock });
    project = await server.createProject({ name: 'Sign-in' });
    theme = (await waitForClusteredItem(server, project, await submit(server, project, { text: LOGIN_PHRASINGS[0] }))).clusterId;
    await waitForClusteringIdle(server, project.projectId);
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const page = (pathname: string, cookie?: string) => fetch(server.url + pathname, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const sessions = async () => JSON.parse((await cli(dataDir, ['app-sessions', 'list', '--project', project.projectId, '--json'])).stdout);

  it('app-link prints a one-time link to /app/login on the running service; --json prints {"url"}', async () => {
    const url = await appLink(dataDir, project.projectId, 'viewer');
    expect(url).to.match(new RegExp(`^http://localhost:${server.port}/app/login\\?token=[A-Za-z0-9_-]{43}$`));
    const plain = await cli(dataDir, ['app-link', '--project', project.projectId, '--role', 'editor', '--ttl', '2h']);
    expect(plain.code).to.equal(0);
    expect(plain.stdout).to.match(/editor access.*\n.*\/app\/login\?token=/);
  });

  it('refuses a missing role, an unknown role, a bad --ttl and an unknown project, naming the problem', async () => {
    for (const args of [
      ['--project', project.projectId],
      ['--project', project.projectId, '--role', 'admin'],
      ['--project', project.projectId, '--role', 'viewer', '--ttl', '15'],
    ]) {
      const result = await cli(dataDir, ['app-link', ...args]);
      expect(result.code, args.join(' ')).to.equal(2);
      expect(result.stderr)
        .to.match(/--role|--ttl/)
        .and.include('feedbackctl app-link --project ID');
    }
    const unknown = await cli(dataDir, ['app-link', '--project', 'proj_nope', '--role', 'viewer']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('project');
  });

  it('opening the link shows a Sign in button and uses nothing; the POST signs in once, with a strict cookie', async () => {
    const url = await appLink(dataDir, project.projectId, 'editor');
    const shown = await page(new URL(url).pathname + new URL(url).search);
    expect(shown.status).to.equal(200);
    const html = await shown.text();
    expect(html).to.include('<form method="post" action="/app/login">').and.include('>Sign in</button>');
    expect(shown.headers.get('referrer-policy')).to.equal('same-origin');
    expect(shown.headers.get('cache-control')).to.equal('no-store');
    expect(
      (await sessions()).find((s: any) => s.state === 'link-unused'),
      'GET left the link unused',
    ).to.exist;

    const response = await postForm(server, '/app/login', { token: tokenOf(url) });
    expect(response.status).to.equal(303);
    expect(response.headers.get('location')).to.equal('/app');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).to.match(/^feedback_session=[A-Za-z0-9_-]{43}; path=\/app; expires=[^;]+; samesite=strict; httponly$/);
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie)![1]);
    expect(expires - clock.now().getTime()).to.be.within(30 * 86_400_000 - 2000, 30 * 86_400_000 + 1000);

    const again = await postForm(server, '/app/login', { token: tokenOf(url) });
    expect(again.status).to.equal(410);
    expect(await again.text()).to.include('used already');
  });

  it('stores only SHA-256 hashes of the link and the cookie, in the table and in the log', async () => {
    const url = await appLink(dataDir, project.projectId, 'viewer');
    const cookie = await signIn(server, url);
    const secret = cookie.split('=')[1];
    const rows = await server.runtime.db.query<any>(`SELECT * FROM app_sessions WHERE link_hash = $1`, [hashAppSecret(tokenOf(url))]);
    expect(rows.rows).to.have.length(1);
    expect(rows.rows[0].session_hash).to.equal(hashAppSecret(secret));
    const events = await server.runtime.store.readStream(appSessionStream(rows.rows[0].session_id));
    expect(events.map((e) => e.type)).to.deep.equal(['AppLinkIssued', 'AppSessionStarted']);
    const everything = JSON.stringify([rows.rows, events.map((e) => ({ data: e.data, metadata: e.metadata }))]);
    expect(everything).to.not.include(tokenOf(url)).and.not.include(secret);
  });

  it('refuses a sign-in POST from another origin or with no Origin (403), and an unknown token (404)', async () => {
    const url = await appLink(dataDir, project.projectId, 'viewer');
    await expectProblem(await postForm(server, '/app/login', { token: tokenOf(url) }, { Origin: 'https://evil.example' }), 403, 'forbidden');
    const noOrigin = await fetch(server.url + '/app/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${tokenOf(url)}`,
    });
    await expectProblem(noOrigin, 403, 'forbidden');
    expect((await postForm(server, '/app/login', { token: 'x'.repeat(43) })).status).to.equal(404);
    expect((await postForm(server, '/app/login', { token: tokenOf(url) })).status, 'the refused attempts left the link usable').to.equal(303);
  });

  it('a link past its --ttl no longer signs in (410)', async () => {
    const url = await appLink(dataDir, project.projectId, 'viewer', '1m');
    clock.advance(61_000);
    const response = await postForm(server, '/app/login', { token: tokenOf(url) });
    expect(response.status).to.equal(410);
    expect(await response.text()).to.include('expired');
  });

  it('marks the cookie Secure when the request came over https (through a proxy)', async () => {
    const url = await appLink(dataDir, project.projectId, 'viewer');
    const host = new URL(server.url).host;
    const response = await postForm(server, '/app/login', { token: tokenOf(url) }, { 'X-Forwarded-Proto': 'https', Origin: `https://${host}` });
    expect(response.status).to.equal(303);
    expect(response.headers.get('set-cookie')).to.match(/; secure; /);
  });

  it('pages need a session: without one they answer 401 with how to get a link', async () => {
    const response = await page('/app');
    expect(response.status).to.equal(401);
    expect(await response.text()).to.include('feedbackctl app-link');
    expect((await page('/app', 'feedback_session=' + 'A'.repeat(43))).status).to.equal(401);
  });

  it('an editor renames through the page with its CSRF token; the event names the session as actor', async () => {
    const cookie = await signIn(server, await appLink(dataDir, project.projectId, 'editor'));
    const html = await (await page(`/app/themes/${theme}`, cookie)).text();
    const csrf = csrfOf(html);
    await expectProblem(await postForm(server, `/app/themes/${theme}/rename`, { label: 'Sign-in trouble' }, { cookie }), 403, 'forbidden');
    await expectProblem(
      await postForm(server, `/app/themes/${theme}/rename`, { label: 'Sign-in trouble', _csrf: 'x'.repeat(43) }, { cookie }),
      403,
      'forbidden',
    );
    await expectProblem(
      await postForm(server, `/app/themes/${theme}/rename`, { label: 'Sign-in trouble', _csrf: csrf }, { cookie, Origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    const renamed = await postForm(server, `/app/themes/${theme}/rename`, { label: 'Sign-in trouble', _csrf: csrf }, { cookie });
    expect(renamed.status).to.equal(303);
    expect(renamed.headers.get('location')).to.match(new RegExp(`^/app/themes/${theme}\\?.*done=renamed`));
    const cluster = await readJson(await server.request(`/api/v1/clusters/${theme}`, { key: project.secretKey }));
    expect(cluster.cluster.label).to.equal('Sign-in trouble');
    const events = await server.runtime.store.readStream(clusterStream(theme));
    const rename = events.find((e) => e.type === 'ClusterRenamed')!;
    const sessionId = (await sessions()).find((s: any) => s.state === 'signed-in' && s.role === 'editor').id;
    expect(rename.metadata.actor).to.deep.equal({ kind: 'app-session', sessionId, role: 'editor' });
    const empty = await postForm(server, `/app/themes/${theme}/rename`, { label: '   ', _csrf: csrf }, { cookie });
    expect(empty.status, 'a refused name shows the page again').to.equal(400);
    expect(await empty.text())
      .to.include('role="alert"')
      .and.include('label');
  });

  it('a viewer sees the theme but cannot change it (403 problem+json, nothing recorded)', async () => {
    const cookie = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    const html = await (await page(`/app/themes/${theme}`, cookie)).text();
    expect(html)
      .to.include('You have view access')
      .and.not.include('action="/app/themes/' + theme + '/rename"');
    const before = (await server.runtime.store.readStream(clusterStream(theme))).length;
    await expectProblem(await postForm(server, `/app/themes/${theme}/rename`, { label: 'Viewer name', _csrf: csrfOf(html) }, { cookie }), 403, 'forbidden');
    await expectProblem(await postForm(server, `/app/themes/${theme}/merge`, { into: theme, _csrf: csrfOf(html) }, { cookie }), 403, 'forbidden');
    expect((await server.runtime.store.readStream(clusterStream(theme))).length).to.equal(before);
  });

  it('app-sessions lists links and sessions without secrets, and revoke signs a session out at once', async () => {
    const cookie = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    expect((await page('/app', cookie)).status).to.equal(200);
    const list = await sessions();
    expect(list.map((s: any) => s.state)).to.include.members(['signed-in', 'link-unused', 'link-expired']);
    expect(JSON.stringify(list)).to.not.include(cookie.split('=')[1]);
    const secretHash = hashAppSecret(cookie.split('=')[1]);
    const { rows } = await server.runtime.db.query<{ session_id: string }>(`SELECT session_id FROM app_sessions WHERE session_hash = $1`, [secretHash]);
    const revoked = await cli(dataDir, ['app-sessions', 'revoke', rows[0].session_id]);
    expect(revoked.code, revoked.stderr).to.equal(0);
    expect((await page('/app', cookie)).status).to.equal(401);
    const text = await cli(dataDir, ['app-sessions', 'list']);
    expect(text.stdout).to.include(`${rows[0].session_id}  viewer  revoked`);
  });

  it('signing out revokes the session and clears the cookie', async () => {
    const cookie = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    const html = await (await page('/app', cookie)).text();
    const out = await postForm(server, '/app/logout', { _csrf: csrfOf(html) }, { cookie });
    expect(out.status).to.equal(200);
    expect(out.headers.get('set-cookie')).to.match(/^feedback_session=; path=\/app; expires=Thu, 01 Jan 1970/);
    expect((await page('/app', cookie)).status).to.equal(401);
  });
});
