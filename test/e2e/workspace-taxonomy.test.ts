import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { areaRollups } from '../../queries/trends/area-figures.js';
import { resolvePeriod } from '../../queries/trends/period.js';
import { LOGIN_PHRASINGS } from '../support/clusters.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { appLink, csrfOf, postForm, seedTwoThemes, signIn } from '../support/workspace.js';

const LOGIN = LOGIN_PHRASINGS.slice(0, 4);
const DARK_MODE = ['Please add a dark mode, the white background hurts my eyes at night.', 'Would love a dark theme option.'];

/** The rows of one `<tbody>` of the grouped themes table, by the area it is for. */
const areaOf = (html: string, areaId: string) => {
  const match = new RegExp(`<tbody class="area" data-area="${areaId}">([\\s\\S]*?)</tbody>`).exec(html);
  return match?.[1];
};

describe('workspace taxonomy: themes grouped by parent area, defining themes, editing definitions, accepting suggestions', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let editor: string;
  let viewer: string;
  let csrf: string;
  let login: string;
  let dark: string;
  let billing: string;
  const loginIds: string[] = [];

  const get = (pathname: string, cookie: string) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
  const page = async (pathname: string, cookie: string) => {
    const response = await get(pathname, cookie);
    expect(response.status, pathname).to.equal(200);
    return response.text();
  };
  const api = async (pathname: string) => {
    const response = await server.request(pathname, { key: project.secretKey });
    expect(response.status, pathname).to.equal(200);
    return readJson(response);
  };
  const themes = async (): Promise<any[]> => (await api('/api/v1/clusters?limit=200')).clusters;
  const theme = async (id: string) => (await api(`/api/v1/clusters/${id}`)).cluster;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-taxonomy-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    project = await server.createProject({ name: 'Taxonomy' });
    const darkIds: string[] = [];
    ({ login, dark } = await seedTwoThemes(server, project, { login: { texts: LOGIN, ids: loginIds }, dark: { texts: DARK_MODE, ids: darkIds } }));
    editor = await signIn(server, await appLink(dataDir, project.projectId, 'editor'));
    viewer = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    csrf = csrfOf(await page('/app', editor));
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an editor defines a theme from the themes page; GET /clusters lists it as defined with its keywords, parent choices include it', async () => {
    const html = await page('/app', editor);
    expect(html).to.include('action="/app/themes"').and.include('name="keywords"');
    expect(html).to.match(new RegExp(`data-theme="${login}"[\\s\\S]*?badge-discovered`));
    const defined = await postForm(
      server,
      '/app/themes',
      { label: 'Billing', keywords: 'Invoice, refund\ncharged  twice,', description: 'Invoices, charges, refunds.', parentId: '', _csrf: csrf },
      { cookie: editor },
    );
    expect(defined.status).to.equal(303);
    const location = defined.headers.get('location')!;
    expect(location).to.match(/^\/app\/themes\/cl_[a-z0-9]+\?done=defined$/);
    billing = location.slice('/app/themes/'.length, location.indexOf('?'));
    const listed = (await themes()).find((t) => t.id === billing);
    expect(listed).to.deep.include({ label: 'Billing', origin: 'defined', description: 'Invoices, charges, refunds.', parentId: null, size: 0 });
    expect(listed.keywords).to.deep.equal(['invoice', 'refund', 'charged twice']);
    const themePage = await page(location, editor);
    expect(themePage).to.include('Theme defined').and.include('badge-defined').and.include('>invoice\nrefund\ncharged twice</textarea>');
    expect(await page('/app', editor)).to.match(new RegExp(`<option value="${billing}"\\s*>Billing \\(0\\)</option>`));
  });

  it('filing a theme under a parent through its page groups it there, with the area’s roll-up as the API gives it; others under "No area"', async () => {
    const filed = await postForm(
      server,
      `/app/themes/${dark}/definition`,
      { keywords: '', description: '', parentId: billing, _csrf: csrf },
      { cookie: editor },
    );
    expect(filed.status).to.equal(303);
    expect(filed.headers.get('location')).to.equal(`/app/themes/${dark}?done=definition`);
    expect(await theme(dark)).to.deep.include({ parentId: billing, origin: 'discovered' });
    const parent = await theme(billing);
    expect(parent).to.deep.include({ childCount: 1 });
    expect(parent.rollup.size).to.equal(2);
    expect((await api(`/api/v1/clusters?parentId=${billing}`)).clusters.map((t: { id: string }) => t.id)).to.deep.equal([dark]);

    const grouped = await page('/app?days=30&group=area', editor);
    expect(grouped).to.match(/name="group" value="area"\s+checked/);
    const area = areaOf(grouped, billing);
    expect(area, 'Billing is an area').to.be.a('string');
    expect(area).to.include('badge-defined').and.include(`data-theme="${dark}"`).and.include('1 theme');
    expect(area).to.match(new RegExp(`class="area-row"[\\s\\S]*?data-label="Items" class="num count">${parent.rollup.size}<`));
    expect(area).to.match(/data-label="Churn risk" class="num churn">0</);
    const none = /<tbody class="area area-none">([\s\S]*?)<\/tbody>/.exec(grouped)?.[1];
    expect(none).to.include('No area').and.include(`data-theme="${login}"`).and.not.include(`data-theme="${dark}"`);

    const rollups = await areaRollups(server.runtime.db, project.projectId, resolvePeriod({}, new Date()), 'day');
    expect(rollups.get(billing), 'the area counts all its items, listed themes or not').to.deep.include({ count: parent.rollup.size, themes: 1 });
    expect([...rollups.keys()], 'themes in no area and with no children are no area').to.deep.equal([billing]);

    const filtered = await page('/app?days=30&group=area&source=widget', editor);
    expect(filtered, 'a filter no item matches leaves no area').to.include('No themes have items in this period with these filters');
    expect(await page('/app?days=30', editor), 'ungrouped by default').to.not.include('themes-grouped');
    const bad = await get('/app?group=parent', editor);
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.include('group: must be area');
  });

  it('an editor changes a theme’s keywords and description on its page; the API shows the new definition', async () => {
    const changed = await postForm(
      server,
      `/app/themes/${billing}/definition`,
      { keywords: 'invoice\nrefund\nbilling', description: 'Money matters.', parentId: '', _csrf: csrf },
      { cookie: editor },
    );
    expect(changed.status).to.equal(303);
    const after = await theme(billing);
    expect(after.keywords).to.deep.equal(['invoice', 'refund', 'billing']);
    expect(after.description).to.equal('Money matters.');
    expect(await page(`/app/themes/${billing}?done=definition`, editor))
      .to.include('Definition saved.')
      .and.include('is a parent area of 1 theme');
  });

  it('bad definitions are a 400 page naming the field, and nothing is recorded', async () => {
    const before = await themes();
    const cases: [string, Record<string, string>, string][] = [
      ['/app/themes', { label: 'Refunds', keywords: 'refund, Refund' }, 'keywords[1]'],
      ['/app/themes', { label: '', keywords: 'refund' }, 'label'],
      ['/app/themes', { label: 'Refunds', keywords: ' , ' }, 'keywords'],
      ['/app/themes', { label: 'Refunds', keywords: 'refund', parentId: 'cl_nothere' }, 'parentId'],
      ['/app/themes', { label: 'Refunds', keywords: 'refund', parentId: dark }, 'parentId'],
      [`/app/themes/${billing}/definition`, { keywords: '', description: '' }, 'keywords'],
      [`/app/themes/${billing}/definition`, { keywords: 'invoice', parentId: dark }, 'parentId'],
    ];
    for (const [pathname, fields, field] of cases) {
      const response = await postForm(server, pathname, { ...fields, _csrf: csrf }, { cookie: editor });
      expect(response.status, `${pathname} ${JSON.stringify(fields)}`).to.equal(400);
      const html = await response.text();
      expect(html).to.include('role="alert"').and.include(`${field}:`);
    }
    expect(await themes()).to.deep.equal(before);
    const missing = await postForm(server, '/app/themes/cl_nothere/definition', { keywords: 'x', _csrf: csrf }, { cookie: editor });
    expect(missing.status).to.equal(404);
    await missing.arrayBuffer();
  });

  it('lists suggested themes with keywords and quotes; an editor accepts one and it becomes a defined theme', async () => {
    const { suggestions } = await api('/api/v1/clusters/suggestions');
    const suggestion = suggestions.find((s: { id: string }) => s.id === login);
    expect(suggestion, JSON.stringify(suggestions)).to.not.equal(undefined);
    const html = await page('/app/suggestions', editor);
    const card = new RegExp(`data-suggestion="${login}">([\\s\\S]*?)</section>`).exec(html)?.[1];
    expect(card).to.be.a('string');
    expect(card).to.include(`${suggestion.size} items`).and.include(`action="/app/suggestions/${login}/accept"`);
    for (const keyword of suggestion.keywords.slice(0, 3)) expect(card).to.include(`<span class="keyword">${keyword}</span>`);
    const quotes = (card!.match(/<blockquote>/g) ?? []).length;
    expect(quotes).to.be.within(1, 3);
    expect(LOGIN.some((text) => card!.includes(text.replace(/'/g, '&#39;')))).to.equal(true);

    const accepted = await postForm(server, `/app/suggestions/${login}/accept`, { _csrf: csrf }, { cookie: editor });
    expect(accepted.status).to.equal(303);
    expect(accepted.headers.get('location')).to.equal(`/app/themes/${login}?done=accepted`);
    expect(await theme(login)).to.deep.include({ origin: 'defined', keywords: suggestion.keywords, label: suggestion.label });
    expect(await page(`/app/suggestions`, editor)).to.not.include(`data-suggestion="${login}"`);
    const again = await postForm(server, `/app/suggestions/${login}/accept`, { _csrf: csrf }, { cookie: editor });
    expect(again.status).to.equal(404);
    expect(await again.text())
      .to.include('role="alert"')
      .and.include('no longer suggested');
  });

  it('viewers see keywords and parent read-only and no forms; their posts, posts without the CSRF token or from another origin are 403', async () => {
    const viewerCsrf = csrfOf(await page('/app', viewer));
    expect(await page('/app', viewer)).to.not.include('action="/app/themes"');
    const darkPage = await page(`/app/themes/${dark}`, viewer);
    expect(darkPage).to.include(`<a href="/app/themes/${billing}">Billing</a>`).and.not.include('/definition"');
    expect(await page(`/app/themes/${billing}`, viewer)).to.include('<li>invoice</li>');
    expect(await page('/app/suggestions', viewer)).to.not.include('/accept"');

    const before = await themes();
    const define = { label: 'Refunds', keywords: 'refund' };
    await expectProblem(await postForm(server, '/app/themes', { ...define, _csrf: viewerCsrf }, { cookie: viewer }), 403, 'forbidden');
    await expectProblem(
      await postForm(server, `/app/themes/${billing}/definition`, { keywords: 'x', _csrf: viewerCsrf }, { cookie: viewer }),
      403,
      'forbidden',
    );
    await expectProblem(await postForm(server, `/app/suggestions/${dark}/accept`, { _csrf: viewerCsrf }, { cookie: viewer }), 403, 'forbidden');
    await expectProblem(await postForm(server, '/app/themes', define, { cookie: editor }), 403, 'forbidden');
    await expectProblem(await postForm(server, `/app/themes/${billing}/definition`, { keywords: 'x', _csrf: 'wrong' }, { cookie: editor }), 403, 'forbidden');
    await expectProblem(
      await postForm(server, '/app/themes', { ...define, _csrf: csrf }, { cookie: editor, Origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    expect(await themes()).to.deep.equal(before);
  });
});
