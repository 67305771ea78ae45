import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterStream } from '../../src/domain/cluster/events.js';
import { LOGIN_PHRASINGS } from '../support/clusters.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { appLink, csrfOf, postForm, seedTwoThemes, signIn } from '../support/workspace.js';

const LOGIN = LOGIN_PHRASINGS.slice(0, 4);
const DARK_MODE = ['Please add a dark mode, the white background hurts my eyes at night.', 'Would love a dark theme option.'];

describe('workspace theme page: status, tracker links, split and move for editors', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let editor: string;
  let viewer: string;
  let csrf: string;
  let login: string;
  let dark: string;
  const loginIds: string[] = [];
  const darkIds: string[] = [];

  const page = async (pathname: string, cookie: string) => {
    const response = await fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
    expect(response.status, pathname).to.equal(200);
    return response.text();
  };
  const api = async (pathname: string) => {
    const response = await server.request(pathname, { key: project.secretKey });
    expect(response.status, pathname).to.equal(200);
    return readJson(response);
  };
  const statusOf = async (id: string) => (await api(`/api/v1/clusters/${id}`)).cluster.status;
  const themeOfItem = async (id: string) => (await api(`/api/v1/feedback/${id}`)).clusterId;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-theme-edits-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    project = await server.createProject({ name: 'Theme edits' });
    ({ login, dark } = await seedTwoThemes(server, project, { login: { texts: LOGIN, ids: loginIds }, dark: { texts: DARK_MODE, ids: darkIds } }));
    editor = await signIn(server, await appLink(dataDir, project.projectId, 'editor'));
    viewer = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    csrf = csrfOf(await page(`/app/themes/${login}`, editor));
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the status and the tracker links the API set; an editor gets the forms and a checkbox per quote', async () => {
    const links = ['https://github.com/acme/app/issues/42', 'https://linear.app/acme/issue/ENG-7'];
    const patched = await server.request(`/api/v1/clusters/${login}`, { method: 'PATCH', key: project.secretKey, body: JSON.stringify({ links }) });
    expect(patched.status).to.equal(200);
    const html = await page(`/app/themes/${login}`, editor);
    expect(html).to.match(/<dt>Status<\/dt>\s*<dd>active<\/dd>/);
    for (const link of links) expect(html).to.include(`href="${link}"`);
    expect(html).to.include(`action="/app/themes/${login}/status"`).and.include(`action="/app/themes/${login}/split"`);
    expect(html).to.include(`formaction="/app/themes/${login}/move"`).and.include(`<option value="${dark}">`);
    for (const id of loginIds) expect(html).to.include(`name="item" value="${id}" form="item-edits"`);
  });

  it('resolve then set active changes the status the API reports', async () => {
    const resolved = await postForm(server, `/app/themes/${login}/status`, { status: 'resolved', _csrf: csrf }, { cookie: editor });
    expect(resolved.status).to.equal(303);
    expect(resolved.headers.get('location')).to.match(new RegExp(`^/app/themes/${login}\\?.*done=resolved`));
    expect(await statusOf(login)).to.equal('resolved');
    const html = await page(resolved.headers.get('location')!, editor);
    expect(html)
      .to.include('role="status"')
      .and.include('Resolved.')
      .and.match(/<dt>Status<\/dt>\s*<dd>resolved<\/dd>/);
    expect(html).to.include('value="active"').and.not.include('value="resolved" class="button-secondary"');
    const active = await postForm(server, `/app/themes/${login}/status`, { status: 'active', _csrf: csrf }, { cookie: editor });
    expect(active.status).to.equal(303);
    expect(await statusOf(login)).to.equal('active');
    const bad = await postForm(server, `/app/themes/${login}/status`, { status: 'archived', _csrf: csrf }, { cookie: editor });
    expect(bad.status, 'an unknown status shows the page again').to.equal(400);
    expect(await bad.text()).to.include('role="alert"');
    expect(await statusOf(login)).to.equal('active');
  });

  it('splitting two ticked items makes a theme of them, as GET /clusters shows; splitting every item is a message, not a 500', async () => {
    const every = await postForm(
      server,
      `/app/themes/${login}/split`,
      new URLSearchParams([...loginIds.map((id): [string, string] => ['item', id]), ['_csrf', csrf]]),
      {
        cookie: editor,
      },
    );
    expect(every.status).to.equal(409);
    expect(await every.text()).to.include('role="alert"');
    const none = await postForm(server, `/app/themes/${login}/split`, { label: 'Nothing', _csrf: csrf }, { cookie: editor });
    expect(none.status).to.equal(400);
    expect(await none.text()).to.include('Tick the items first.');

    const fields = new URLSearchParams([
      ['item', loginIds[0]],
      ['item', loginIds[1]],
      ['label', 'Password refused'],
      ['_csrf', csrf],
    ]);
    const split = await postForm(server, `/app/themes/${login}/split`, fields, { cookie: editor });
    expect(split.status).to.equal(303);
    const location = split.headers.get('location')!;
    expect(location).to.match(new RegExp(`^/app/themes/${login}\\?.*done=split&created=cl_`));
    const created = new URL(location, server.url).searchParams.get('created')!;
    const { clusters } = await api('/api/v1/clusters');
    const theme = clusters.find((c: any) => c.id === created);
    expect(theme).to.include({ label: 'Password refused', size: 2 });
    expect(clusters.find((c: any) => c.id === login).size).to.equal(2);
    expect(await themeOfItem(loginIds[0])).to.equal(created);
    expect(await themeOfItem(loginIds[1])).to.equal(created);
    expect(await page(location, editor)).to.include(`href="/app/themes/${created}"`);
  });

  it('moving a ticked item puts it into the chosen theme; an unknown target is a message on the page', async () => {
    const unknown = await postForm(server, `/app/themes/${login}/move`, { item: loginIds[2], to: 'cl_nope', _csrf: csrf }, { cookie: editor });
    expect(unknown.status).to.equal(404);
    expect(await unknown.text())
      .to.include('role="alert"')
      .and.include('no such theme');
    expect(await themeOfItem(loginIds[2])).to.equal(login);
    const moved = await postForm(server, `/app/themes/${login}/move`, { item: loginIds[2], to: dark, _csrf: csrf }, { cookie: editor });
    expect(moved.status).to.equal(303);
    expect(moved.headers.get('location')).to.match(new RegExp(`^/app/themes/${login}\\?.*done=moved`));
    expect(await themeOfItem(loginIds[2])).to.equal(dark);
    expect((await api(`/api/v1/clusters/${dark}`)).cluster.size).to.equal(3);
  });

  it('a viewer sees status and links but no forms, and their POSTs are 403 problem+json that change nothing', async () => {
    const html = await page(`/app/themes/${login}`, viewer);
    expect(html)
      .to.include('https://github.com/acme/app/issues/42')
      .and.match(/<dt>Status<\/dt>\s*<dd>active<\/dd>/);
    expect(html).to.not.include('/status"').and.not.include('name="item"');
    const token = csrfOf(html);
    const before = (await server.runtime.store.readStream(clusterStream(login))).length;
    await expectProblem(await postForm(server, `/app/themes/${login}/status`, { status: 'muted', _csrf: token }, { cookie: viewer }), 403, 'forbidden');
    await expectProblem(await postForm(server, `/app/themes/${login}/split`, { item: loginIds[3], _csrf: token }, { cookie: viewer }), 403, 'forbidden');
    await expectProblem(
      await postForm(server, `/app/themes/${login}/move`, { item: loginIds[3], to: dark, _csrf: token }, { cookie: viewer }),
      403,
      'forbidden',
    );
    expect((await server.runtime.store.readStream(clusterStream(login))).length).to.equal(before);
    expect(await statusOf(login)).to.equal('active');
    expect(await themeOfItem(loginIds[3])).to.equal(login);
  });

  it('refuses an edit without the CSRF token or from another origin (403), changing nothing', async () => {
    await expectProblem(await postForm(server, `/app/themes/${login}/status`, { status: 'muted' }, { cookie: editor }), 403, 'forbidden');
    await expectProblem(
      await postForm(server, `/app/themes/${login}/move`, { item: loginIds[3], to: dark, _csrf: csrf }, { cookie: editor, Origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    expect(await statusOf(login)).to.equal('active');
    expect(await themeOfItem(loginIds[3])).to.equal(login);
  });
});
