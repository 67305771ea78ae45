import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { LOGIN_PHRASINGS, submit, waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { expectInvalidField, readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';
import { appLink, signIn } from '../support/workspace.js';

/** The Items count of a theme's row on the themes page. */
const countOf = (page: string, themeId: string) => {
  const row = new RegExp(`<tr data-theme="${themeId}">[\\s\\S]*?<td data-label="Items" class="num count">(\\d+)</td>`).exec(page);
  return row ? Number(row[1]) : undefined;
};
/** The Customers section of a theme page: each user and its entry's HTML, in order. */
const customersOf = (page: string) => [...page.matchAll(/<li data-user="([^"]+)">([\s\S]*?)<\/li>/g)].map((match) => ({ userId: match[1], html: match[2] }));

describe('workspace: a segment (trait=name:value) on the themes and theme pages, and a theme’s customers by value', function () {
  this.timeout(240_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let cookie: string;
  let theme: string;

  const page = (pathname: string) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
  const api = async (pathname: string) => readJson(await server.request(pathname, { key: project.secretKey }));
  const identify = async (userId: string, traits: Record<string, unknown>) => {
    const response = await identifyRequest(server, project.secretKey, { userId, traits });
    expect(response.status, await response.clone().text()).to.equal(200);
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-segment-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    project = await server.createProject({ name: 'Segments' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    await identify('ana', { plan: 'enterprise', mrr: 500 });
    await identify('bo', { plan: 'enterprise', mrr: 50 });
    await identify('cy', { plan: 'free', mrr: 900 });
    const authors = ['ana', 'bo', 'bo', 'cy'];
    const items = [];
    for (const [i, userId] of authors.entries()) items.push(await submit(server, project, { text: LOGIN_PHRASINGS[i], userId }));
    const themes = new Set<string>();
    for (const id of items) themes.add((await waitForClusteredItem(server, project, id)).clusterId);
    await waitForClusteringIdle(server, project.projectId);
    expect([...themes], 'the login complaints form one theme').to.have.length(1);
    theme = [...themes][0];
    cookie = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
  });
  after(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a segment narrows the themes’ counts as GET /api/v1/trends?trait= counts them; the form keeps it', async () => {
    const all = await (await page('/app')).text();
    expect(countOf(all, theme)).to.equal(4);
    const response = await page('/app?trait=plan:enterprise');
    expect(response.status).to.equal(200);
    const narrowed = await response.text();
    const apiTheme = (await api('/api/v1/trends?trait=plan:enterprise')).themes.find((t: { id: string }) => t.id === theme);
    expect(apiTheme.count).to.equal(3);
    expect(countOf(narrowed, theme)).to.equal(apiTheme.count);
    expect(narrowed).to.include('name="trait"').and.include('value="plan:enterprise"').and.include('>Segment');
    // The theme's link carries the segment to its page.
    expect(narrowed).to.include(`/app/themes/${theme}?days=30&amp;trait=plan%3Aenterprise`);

    expect(countOf(await (await page('/app?trait=plan:free')).text(), theme)).to.equal(1);
    expect(countOf(await (await page('/app?trait=plan:nobody')).text(), theme)).to.equal(undefined);
    const buckets = (await api(`/api/v1/clusters/${theme}/trend?trait=plan:enterprise`)).buckets as { count: number }[];
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).to.equal(3);
  });

  it('a malformed or too long segment, or the customer value as one, is the page’s 400 naming trait; the API names it too', async () => {
    for (const bad of ['plan', ':enterprise', `${'k'.repeat(257)}:x`, 'mrr:500']) {
      for (const pathname of ['/app', `/app/themes/${theme}`]) {
        const response = await page(`${pathname}?trait=${encodeURIComponent(bad)}`);
        expect(response.status, `${pathname} ${bad.slice(0, 20)}`).to.equal(400);
        expect(response.headers.get('content-type')).to.match(/^text\/html/);
        expect(await response.text()).to.include('trait: ');
      }
    }
    await expectInvalidField(await server.request('/api/v1/trends?trait=plan', { key: project.secretKey }), 'trait');
    await expectInvalidField(await server.request(`/api/v1/trends?trait=${'k'.repeat(257)}:x`, { key: project.secretKey }), 'trait');
    await expectInvalidField(await server.request('/api/v1/trends?trait=mrr:5', { key: project.secretKey }), 'trait');
    await expectInvalidField(await server.request(`/api/v1/clusters/${theme}/trend?trait=plan`, { key: project.secretKey }), 'trait');
    // NUL in the name, a huge value
    for (const odd of ['pl%00an:pro', `plan:${'v'.repeat(9000)}`]) {
      await expectInvalidField(await server.request(`/api/v1/trends?trait=${odd}`, { key: project.secretKey }), 'trait');
    }
  });

  it('the theme page lists its users by customer value, with health band and items here, each linking to the user; a segment narrows it', async () => {
    const html = await (await page(`/app/themes/${theme}`)).text();
    expect(html).to.include('<h2 id="customers-title">Customers</h2>');
    const customers = customersOf(html);
    expect(customers.map((c) => c.userId)).to.deep.equal(['cy', 'ana', 'bo']);
    for (const customer of customers) {
      const { health } = await api(`/api/v1/users/${customer.userId}`);
      expect(customer.html).to.include(`<a href="/app/users/${customer.userId}">${customer.userId}</a>`);
      expect(customer.html).to.include(`badge-band-${health.band}`);
    }
    expect(customers[0].html).to.include('900').and.include('1 item');
    expect(customers[2].html).to.include('2 items');
    expect(html).to.not.include('more.</p>');

    const segment = await (await page(`/app/themes/${theme}?trait=plan:enterprise`)).text();
    expect(customersOf(segment).map((c) => c.userId)).to.deep.equal(['ana', 'bo']);
    expect(segment).to.match(/<dt>Items<\/dt>\s*<dd>3<\/dd>/);
    expect(segment).to.include('value="plan:enterprise"');
  });
});
