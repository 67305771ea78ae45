import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { escapeHtml } from '../../src/app/html.js';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { identifyRequest } from '../support/users.js';
import { appLink, signIn } from '../support/workspace.js';

/** The rows of the customers table, in order: the user and the row's HTML. */
const rowsOf = (page: string) => [...page.matchAll(/<tr data-user="([^"]+)">([\s\S]*?)<\/tr>/g)].map((match) => ({ userId: match[1], html: match[2] }));

describe('workspace: Customers at risk (/app/customers) and a customer’s health (/app/users/{id})', function () {
  this.timeout(180_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  let cookie: string;
  let threat: string;

  const page = (pathname: string) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
  const identify = async (key: string, userId: string, traits: Record<string, unknown>) => {
    const response = await identifyRequest(server, key, { userId, traits });
    expect(response.status, await response.clone().text()).to.equal(200);
  };
  const submit = async (key: string, userId: string, text: string) => {
    const id = await submitFeedback(server, key, { text, userId });
    await waitForProcessed(server, key, id);
    return id;
  };
  const apiUser = async (userId: string) => readJson(await server.request(`/api/v1/users/${encodeURIComponent(userId)}`, { key: project.secretKey }));

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-customers-'));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    project = await server.createProject({ name: 'Customers' });
    other = await server.createProject({ name: 'Elsewhere' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    // A paying customer who stopped paying, after a complaint: at risk.
    await identify(project.secretKey, 'erin', { mrr: 120, plan: 'team' });
    await submit(project.secretKey, 'erin', 'The export keeps failing');
    await identify(project.secretKey, 'erin', { mrr: 0, plan: 'team' });
    // A threat to leave: at risk, with no customer value.
    await identify(project.secretKey, 'hal', {});
    threat = await submit(project.secretKey, 'hal', 'We are looking at other tools and will probably switch to a competitor when our contract ends.');
    // The most valuable customer, with one angry complaint: to watch, listed after everyone at risk.
    await identify(project.secretKey, 'vip', { mrr: 900 });
    await submit(project.secretKey, 'vip', 'The PDF export is broken and keeps failing, very frustrating.');
    // Praise only: healthy, not listed.
    await identify(project.secretKey, 'cleo', { mrr: 50 });
    await submit(project.secretKey, 'cleo', 'I love this app, it is wonderful');
    await identify(other.secretKey, 'stranger', { mrr: 10 });
    await submit(other.secretKey, 'stranger', 'We will switch to a competitor, this is unusable.');
    await expectEventually(async () => expect((await apiUser('erin')).health.band).to.equal('at_risk'), { timeoutMs: 30_000, intervalMs: 200 });
    cookie = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
  });
  after(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists at-risk users first, the most valuable first, then those to watch, each with the score and reasons the API gives', async () => {
    const response = await page('/app/customers');
    expect(response.status).to.equal(200);
    const html = await response.text();
    expect(html).to.include('<a href="/app/customers"  aria-current="page">Customers</a>');
    const rows = rowsOf(html);
    expect(rows.map((row) => row.userId)).to.deep.equal(['erin', 'hal', 'vip']);
    for (const row of rows) {
      const { health } = await apiUser(row.userId);
      expect(row.html).to.include(`<a href="/app/users/${row.userId}">${row.userId}</a>`);
      expect(row.html).to.include(`<td data-label="Score" class="num score">${health.score}</td>`);
      for (const reason of health.reasons) expect(row.html, row.userId).to.include(escapeHtml(reason.text));
    }
    expect(rows[0].html).to.match(/Stopped paying on \d+ \w+ \(customer value 120 → 0\)/);
    expect(rows[0].html).to.include('At risk').and.include('<td data-label="Value" class="num">0</td>');
    expect(rows[2].html).to.include('Watch').and.include('<td data-label="Value" class="num">900</td>');
  });

  it('filters by band; a band that does not exist is the page’s 400, naming the field', async () => {
    expect(rowsOf(await (await page('/app/customers?band=at_risk')).text()).map((row) => row.userId)).to.deep.equal(['erin', 'hal']);
    expect(rowsOf(await (await page('/app/customers?band=watch')).text()).map((row) => row.userId)).to.deep.equal(['vip']);
    const bad = await page('/app/customers?band=healthy');
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.include('band: must be one of at_risk, watch, all');
  });

  it('the user page (the Slack button’s link) shows the score and reasons of GET /api/v1/users/{id}, the reasons linking to the items', async () => {
    const { health, traits } = await apiUser('hal');
    const response = await page('/app/users/hal');
    expect(response.status).to.equal(200);
    const html = await response.text();
    expect(html).to.include(`<strong class="health-score">${health.score}</strong>`);
    expect(health.reasons[0]).to.include({ factor: 'churn_threat' });
    for (const reason of health.reasons) expect(html).to.include(escapeHtml(reason.text));
    expect(html).to.include(`<a href="#item-${threat}">${threat}</a>`).and.include(`id="item-${threat}"`);
    expect(traits).to.deep.equal({});

    const erin = await (await page('/app/users/erin')).text();
    expect(erin).to.match(/<dt>plan<\/dt>\s*<dd>team<\/dd>/);
    expect(erin).to.include(`<strong class="health-score">${(await apiUser('erin')).health.score}</strong>`);
  });

  it('a shadow user (known only by an email) who threatens to leave is listed at risk, linked to its page by the email', async () => {
    const email = 'rowan.shadow@example.com';
    const id = await submitFeedback(server, project.secretKey, { text: 'We will switch to a competitor when our contract ends.', email });
    await waitForProcessed(server, project.secretKey, id);
    await expectEventually(async () => expect((await apiUser(email)).health.band).to.equal('at_risk'), { timeoutMs: 30_000, intervalMs: 200 });
    const rows = rowsOf(await (await page('/app/customers?band=at_risk')).text());
    expect(rows.map((row) => row.userId)).to.include(email);
    const row = rows.find((candidate) => candidate.userId === email)!;
    expect(row.html).to.include(`<a href="/app/users/${encodeURIComponent(email)}">${email}</a>`);
    const user = await page(`/app/users/${encodeURIComponent(email)}`);
    expect(user.status).to.equal(200);
    expect(await user.text()).to.include(`<strong class="health-score">${(await apiUser(email)).health.score}</strong>`);
  });

  it('another project’s user, and an unknown one, are 404; without a session the pages are 401', async () => {
    expect((await page('/app/users/stranger')).status).to.equal(404);
    expect((await page('/app/users/nobody')).status).to.equal(404);
    expect(rowsOf(await (await page('/app/customers')).text()).map((row) => row.userId)).to.not.include('stranger');
    expect((await fetch(`${server.url}/app/customers`)).status).to.equal(401);
    expect((await fetch(`${server.url}/app/users/hal`)).status).to.equal(401);
  });
});
