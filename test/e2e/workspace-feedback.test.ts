import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOGIN_PHRASINGS, submit, waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { appLink, signIn } from '../support/workspace.js';

/** The ids of the items a feedback page shows, in order. */
const shownIds = (page: string) => [...page.matchAll(/data-item="([^"]+)"/g)].map((m) => m[1]);

describe('workspace feedback page: the list, its filters, search by meaning, export', function () {
  this.timeout(240_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let viewer: string;
  let editor: string;
  let loginTheme: string;
  let formulaId: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-feedback-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    project = await server.createProject({ name: 'Feedback page' });
    const bodies = [
      { text: LOGIN_PHRASINGS[0], metadata: { plan: 'pro' } },
      { text: LOGIN_PHRASINGS[1], metadata: { plan: 'free' } },
      { text: 'The PDF export times out and crashes every single time.', metadata: { plan: 'pro' } },
      { text: 'I love the new dashboard, great work, thank you!', metadata: { plan: 'pro' } },
      { text: '=SUM(1+1) the totals in the invoice report are wrong', metadata: { plan: 'free' } },
    ];
    const ids: string[] = [];
    for (const body of bodies) ids.push(await submit(server, project, body));
    const items = [];
    for (const id of ids) items.push(await waitForClusteredItem(server, project, id));
    loginTheme = items[0].clusterId;
    formulaId = ids[4];
    await waitForClusteringIdle(server, project.projectId);
    viewer = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    editor = await signIn(server, await appLink(dataDir, project.projectId, 'editor'));
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const page = (pathname: string, cookie = viewer) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
  const api = async (pathname: string) => readJson(await server.request(pathname, { key: project.secretKey }));

  it('shows the items of GET /api/v1/feedback, in its order, for the same filters; the nav links to it', async () => {
    for (const query of ['', 'sentiment=negative', 'meta=plan:pro', 'meta=plan:pro&sentiment=negative', `cluster=${loginTheme}`, 'churnRisk=false']) {
      const response = await page(`/app/feedback?${query}`);
      expect(response.status, query).to.equal(200);
      const html = await response.text();
      const expected = (await api(`/api/v1/feedback?${query}`)).items.map((item: any) => item.id);
      expect(expected.length, query).to.be.greaterThan(0);
      expect(shownIds(html), query).to.deep.equal(expected);
    }
    const html = await (await page('/app/feedback')).text();
    expect(html).to.include('<a href="/app/feedback"  aria-current="page">Feedback</a>');
    expect(html).to.include(`href="/app/themes/${loginTheme}"`);
    expect(html).to.include('the totals in the invoice report are wrong');
  });

  it('filters by type, language and period like the list filtered by those fields; the cursor as in the API', async () => {
    const all = (await api('/api/v1/feedback')).items;
    const bug = all.filter((item: any) => item.type === 'bug').map((item: any) => item.id);
    expect(bug).to.not.be.empty;
    expect(shownIds(await (await page('/app/feedback?type=bug')).text())).to.deep.equal(bug);
    expect(shownIds(await (await page('/app/feedback?language=en')).text())).to.deep.equal(all.map((item: any) => item.id));
    expect(shownIds(await (await page('/app/feedback?language=fr')).text())).to.deep.equal([]);
    const today = all[0].createdAt.slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    expect(shownIds(await (await page(`/app/feedback?from=${today}&to=${today}`)).text())).to.have.length(all.length);
    expect(shownIds(await (await page(`/app/feedback?from=${tomorrow}`)).text())).to.deep.equal([]);
    const before = all[1].createdAt;
    const older = (await api(`/api/v1/feedback?before=${encodeURIComponent(before)}`)).items.map((item: any) => item.id);
    const html = await (await page(`/app/feedback?before=${encodeURIComponent(before)}`)).text();
    expect(shownIds(html)).to.deep.equal(older);
    expect(html).to.include('rel="prev">← Newer</a>');
  });

  it('search by meaning puts the nearest item first, as GET /api/v1/search does', async () => {
    const q = 'password not accepted when signing in';
    const expected = (await api(`/api/v1/search?q=${encodeURIComponent(q)}`)).results.map((r: any) => r.feedback.id);
    const shown = shownIds(await (await page(`/app/feedback?q=${encodeURIComponent(q)}`)).text());
    expect(shown).to.deep.equal(expected);
    const texts = (await api('/api/v1/feedback')).items.filter((item: any) => LOGIN_PHRASINGS.includes(item.text)).map((item: any) => item.id);
    expect(texts).to.include(shown[0]);
  });

  it('exports the shown items as CSV, formulas neutralised, to viewers and editors alike', async () => {
    for (const cookie of [viewer, editor]) {
      const shown = shownIds(await (await page('/app/feedback?meta=plan:free', cookie)).text());
      expect(shown).to.include(formulaId);
      const response = await page('/app/feedback/export?meta=plan:free', cookie);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
      const lines = (await response.text()).trim().split('\n');
      expect(lines[0]).to.match(/^id,createdAt,text,/);
      expect(lines.slice(1).map((line) => line.split(',')[0])).to.deep.equal(shown);
      expect(lines.find((line) => line.startsWith(formulaId))).to.include(",'=SUM(1+1) the totals");
    }
  });

  it('answers a bad filter value with a 400 page naming it, and no session with 401', async () => {
    for (const [query, field] of [
      ['sentiment=angry', 'sentiment'],
      ['type=rant', 'type'],
      ['language=english', 'language'],
      ['churnRisk=maybe', 'churnRisk'],
      ['meta=plan', 'meta'],
      ['from=2025-13-01', 'from'],
      ['to=2025-02-30', 'to'],
      ['before=yesterday', 'before'],
    ]) {
      for (const route of ['/app/feedback', '/app/feedback/export']) {
        const response = await page(`${route}?${query}`);
        expect(response.status, `${route}?${query}`).to.equal(400);
        expect(response.headers.get('content-type')).to.match(/^text\/html/);
        expect(await response.text()).to.include(`${field}: `);
      }
    }
    expect((await fetch(`${server.url}/app/feedback`)).status).to.equal(401);
    expect((await fetch(`${server.url}/app/feedback/export`)).status).to.equal(401);
  });
});
