import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { trackQuestion } from '../../commands/track-question/handler.js';
import { launchChromium } from '../support/browser.js';
import { testContext } from '../support/test-context.js';
import { identifyRequest } from '../support/users.js';
import { LOGIN_PHRASINGS, submit, waitForClusteredItem, waitForClusteringIdle } from '../support/clusters.js';
import { ROOT } from '../support/feedbackctl-process.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { appLink } from '../support/workspace.js';

// The callbacks of page.evaluate run in the page; this project's TypeScript has no DOM library, so its globals are declared here.
declare const document: any;
declare const window: any;
declare const axe: any;

const SCREENSHOTS = path.join(ROOT, 'docs', 'screenshots');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const DARK_MODE = ['Please add a dark mode, the white background hurts my eyes at night.', 'Would love a dark theme option for late work.'];
const DASHBOARD = 'The dashboard takes almost a minute to load in the morning.';

type Scheme = 'light' | 'dark';

/** axe-core's serious and critical violations on the page as shown (axe is injected as a script, so the context bypasses the page's CSP). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations: { id: string; impact: string; nodes: { target: string[] }[] }[] = await page.evaluate(async () => (await axe.run(document)).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const horizontalOverflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The elements that reach past the viewport's right edge, innermost first: what to fix when a page scrolls sideways. */
const widestElements = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${Math.round(element.getBoundingClientRect().right)}px`)
      .join(', '),
  );

describe('the workspace in headless Chromium: sign in, themes, a theme, edits, accessibility', function () {
  this.timeout(300_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let browser: Browser;
  let editor: BrowserContext;
  const cspErrors: string[] = [];
  const themeOf = new Map<string, string>();
  /** The origin the links name (localhost): the session cookie belongs to it, not to the 127.0.0.1 of server.url. */
  let base: string;

  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-browser-'));
    server = await startTestServer({ analyzer: 'offline', env: { DATA_DIR: dataDir } });
    project = await server.createProject({ name: 'Acme web app' });
    await changeProjectSettings(server.runtime, project.projectId, { customerValueTrait: 'mrr' }, testContext());
    for (const [userId, mrr] of [
      ['user-0', 120],
      ['user-1', 49.5],
      ['user-2', 0],
    ] as const) {
      expect((await identifyRequest(server, project.secretKey, { userId, traits: { mrr } })).status).to.equal(200);
    }
    const texts = [...LOGIN_PHRASINGS.slice(0, 5), ...DARK_MODE, DASHBOARD];
    for (const [i, text] of texts.entries()) {
      const createdAt = new Date(Date.now() - (i % 4) * 2 * 86_400_000 - 3_600_000).toISOString();
      const id = await submit(server, project, { text, userId: `user-${i % 3}`, createdAt });
      themeOf.set(text, (await waitForClusteredItem(server, project, id)).clusterId);
    }
    await waitForClusteringIdle(server, project.projectId);
    await trackQuestion(
      server.runtime,
      { projectId: project.projectId, text: 'Can people log in with their password?', about: 'login password' },
      testContext(),
    );
    const hook = await server.request('/api/v1/webhooks', {
      method: 'POST',
      key: project.secretKey,
      body: JSON.stringify({ url: 'https://hooks.acme.example/feedback', events: ['feedback.processed', 'cluster.spiking'] }),
    });
    expect(hook.status).to.equal(201);
    await changeProjectSettings(
      server.runtime,
      project.projectId,
      { digest: 'weekly', digestEmails: ['pm@acme.example'], allowedOrigins: ['https://app.acme.example'] },
      testContext(),
      { secrets: { slackWebhookUrl: 'https://hooks.slack.com/services/T0/B0/x' } },
    );
    base = `http://localhost:${server.port}`;
    browser = await launchChromium();
    editor = await browser.newContext({ viewport: DESKTOP });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function watched(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) cspErrors.push(message.text());
    });
    return page;
  }

  /** Signs in through the link's page and its button, as a person would. */
  async function signInWith(context: BrowserContext, role: 'viewer' | 'editor'): Promise<Page> {
    const page = await watched(context);
    await page.goto(await appLink(dataDir, project.projectId, role));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/app$/);
    return page;
  }

  /** The page again in a context that lets axe's script in (same session cookie), in each scheme and at phone width: axe, overflow, screenshots. */
  async function audit(url: string, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    await context.addCookies(await editor.cookies());
    try {
      const page = await context.newPage();
      for (const scheme of ['light', 'dark'] as Scheme[]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(DESKTOP);
        await page.goto(url);
        await ready(page);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${scheme}.png`), fullPage: true, animations: 'disabled' });
        expect(await seriousViolations(page), `${name} in the ${scheme} scheme`).to.deep.equal([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(PHONE);
      await page.goto(url);
      await ready(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-phone.png`), fullPage: true, animations: 'disabled' });
      expect(await horizontalOverflow(page), `${name} at 375 px scrolls sideways (${await widestElements(page)}) by`).to.be.at.most(0);
      expect(await seriousViolations(page), `${name} at phone width`).to.deep.equal([]);
    } finally {
      await context.close();
    }
  }

  const chartDrawn = async (page: Page) => {
    await page.waitForSelector('#trend-chart canvas');
    const box = await page.locator('#trend-chart canvas').first().boundingBox();
    expect(box, 'the chart canvas').to.not.equal(null);
    expect(box!.width).to.be.greaterThan(100);
    expect(box!.height).to.be.greaterThan(100);
  };

  it('the sign-in page passes axe in both schemes and at phone width', async () => {
    const url = await appLink(dataDir, project.projectId, 'viewer');
    const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    try {
      const page = await context.newPage();
      for (const scheme of ['light', 'dark'] as Scheme[]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(url);
        expect(await seriousViolations(page), `sign-in, ${scheme}`).to.deep.equal([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `sign-in-${scheme}.png`), animations: 'disabled' });
      }
      await page.setViewportSize(PHONE);
      await page.goto(url);
      expect(await horizontalOverflow(page)).to.be.at.most(0);
    } finally {
      await context.close();
    }
  });

  it('signs in with a link from feedbackctl app-link and lists the themes with the counts of GET /api/v1/clusters', async () => {
    const page = await signInWith(editor, 'editor');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Themes');
    const shown = await page.$$eval('tr[data-theme]', (rows: any[]) => rows.map((row) => [row.dataset.theme, Number(row.querySelector('.count').textContent)]));
    const clusters = (await readJson(await server.request('/api/v1/clusters', { key: project.secretKey }))).clusters;
    expect(Object.fromEntries(shown)).to.deep.equal(Object.fromEntries(clusters.map((c: any) => [c.id, c.size])));
    expect(
      shown.map(([, count]) => count),
      'ranked by count',
    ).to.deep.equal(shown.map(([, count]) => count).sort((a, b) => Number(b) - Number(a)));
    expect(await page.locator('svg.sparkline').count()).to.equal(shown.length);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement.textContent), 'the first Tab reaches the skip link').to.equal('Skip to content');
  });

  it('the themes page passes axe in light and dark, has no sideways scroll at 375 px, and is screenshotted', async () => {
    await audit(`${base}/app`, 'themes', async (page) => {
      await page.waitForSelector('tr[data-theme]');
    });
  });

  it('opens a theme: its chart is drawn under the strict CSP, with its quotes, languages and sources', async () => {
    const page = await watched(editor);
    await page.goto(`${base}/app`);
    const login = themeOf.get(LOGIN_PHRASINGS[0])!;
    await page.locator(`tr[data-theme="${login}"] a`).click();
    await page.waitForURL(new RegExp(`/app/themes/${login}`));
    await chartDrawn(page);
    expect(await page.locator('.quote blockquote').count()).to.equal(5);
    expect(await page.locator('.quote blockquote').allTextContents()).to.include.members(LOGIN_PHRASINGS.slice(0, 5));
    expect(await page.locator('#languages-title + .count-list').textContent()).to.include('en');
    expect(await page.locator('#sources-title + .count-list').textContent()).to.include('api');
    await page.getByRole('radio', { name: 'Week' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/bucket=week/);
    await chartDrawn(page);
    expect(cspErrors, 'nothing refused by the Content-Security-Policy').to.deep.equal([]);
  });

  it('the theme page passes axe in light and dark, has no sideways scroll at 375 px, and is screenshotted', async () => {
    await audit(`${base}/app/themes/${themeOf.get(LOGIN_PHRASINGS[0])}`, 'theme', chartDrawn);
  });

  it('the feedback page passes axe in light and dark, has no sideways scroll at 375 px, and is screenshotted', async () => {
    await audit(`${base}/app/feedback`, 'feedback', async (page) => {
      expect(await page.locator('[data-item]').count(), 'items shown').to.be.greaterThan(0);
    });
  });

  it('the customers page and a customer’s page pass axe in light and dark, have no sideways scroll at 375 px, and are screenshotted', async () => {
    await audit(`${base}/app/customers`, 'customers', async (page) => {
      await page.getByRole('heading', { name: 'Customers at risk' }).waitFor();
    });
    await audit(`${base}/app/users/user-0`, 'user', async (page) => {
      await page.getByRole('heading', { name: 'Why this score' }).waitFor();
    });
  });

  it('the questions and settings pages pass axe in light and dark, have no sideways scroll at 375 px, and are screenshotted', async () => {
    await audit(`${base}/app/questions`, 'questions', async (page) => {
      await page.locator('[data-question]').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Can people log in with their password?' }).count()).to.equal(1);
    });
    await audit(`${base}/app/settings`, 'settings', async (page) => {
      await page.locator('[data-endpoint]').first().waitFor();
      expect(await page.locator('.slack-host').textContent()).to.equal('hooks.slack.com');
    });
  });

  it('an editor defines a parent area on the themes page; grouped by area, the page passes axe in light and dark and at 375 px', async () => {
    const page = await watched(editor);
    await page.goto(`${base}/app`);
    await page.getByText('Define a theme').click();
    await page.getByLabel('Name', { exact: true }).fill('Account');
    await page.getByLabel('Keywords').fill('two-factor, account settings');
    await page.getByRole('button', { name: 'Define theme' }).click();
    await page.waitForURL(/done=defined/);
    const account = new URL(page.url()).pathname.split('/').pop()!;
    for (const text of [LOGIN_PHRASINGS[0], DASHBOARD]) {
      const filed = await server.request(`/api/v1/clusters/${themeOf.get(text)}`, {
        method: 'PATCH',
        key: project.secretKey,
        body: JSON.stringify({ parentId: account }),
      });
      expect(filed.status).to.equal(200);
    }
    await page.goto(`${base}/app`);
    await page.getByLabel('Group by parent area').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/group=area/);
    const rollup = (await readJson(await server.request(`/api/v1/clusters/${account}`, { key: project.secretKey }))).cluster.rollup.size;
    expect(Number(await page.locator(`tbody[data-area="${account}"] .area-row .count`).textContent())).to.equal(rollup);
    expect(await page.locator(`tbody[data-area="${account}"] tr[data-theme]`).count()).to.equal(2);
    await audit(page.url(), 'themes-grouped', async (shown) => {
      await shown.waitForSelector('tbody[data-area]');
    });
    await audit(`${base}/app/suggestions`, 'suggestions', async (shown) => {
      await shown.getByRole('heading', { level: 1, name: 'Suggested themes' }).waitFor();
    });
  });

  it('an editor renames a theme and merges one into another from the page', async () => {
    const page = await watched(editor);
    const login = themeOf.get(LOGIN_PHRASINGS[0])!;
    await page.goto(`${base}/app/themes/${login}`);
    await page.getByLabel('New name').fill('Password rejected at sign-in');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.waitForURL(/done=renamed/);
    expect(await page.getByRole('status').textContent()).to.include('Renamed');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('Password rejected at sign-in');
    expect((await readJson(await server.request(`/api/v1/clusters/${login}`, { key: project.secretKey }))).cluster.label).to.equal(
      'Password rejected at sign-in',
    );

    const dashboard = themeOf.get(DASHBOARD)!;
    const dark = themeOf.get(DARK_MODE[0])!;
    expect(dashboard).to.not.equal(dark);
    await page.goto(`${base}/app/themes/${dashboard}`);
    await page.getByLabel('Move every item of this theme into').selectOption(dark);
    await page.getByRole('button', { name: 'Merge' }).click();
    await page.waitForURL(new RegExp(`/app/themes/${dark}\\?done=merged`));
    await chartDrawn(page);
    const merged = await readJson(await server.request(`/api/v1/clusters/${dashboard}`, { key: project.secretKey }));
    expect(merged.cluster.id, 'the merged id resolves to the theme that absorbed it').to.equal(dark);
    expect(merged.cluster.size).to.equal(DARK_MODE.length + 1);
    expect(await page.locator('.quote blockquote').count()).to.equal(DARK_MODE.length + 1);
  });

  it('a viewer sees the pages without the forms, and is refused with 403 problem+json when posting anyway', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await signInWith(context, 'viewer');
      const login = themeOf.get(LOGIN_PHRASINGS[0])!;
      await page.goto(`${base}/app/themes/${login}`);
      await chartDrawn(page);
      expect(await page.getByText('You have view access').count()).to.equal(1);
      expect(await page.getByRole('button', { name: 'Rename' }).count()).to.equal(0);
      const refused = await page.evaluate(async (id: string) => {
        const csrf = document.querySelector('input[name="_csrf"]').value;
        const response = await window.fetch(`/app/themes/${id}/rename`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new window.URLSearchParams({ _csrf: csrf, label: 'Viewer was here' }).toString(),
        });
        return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
      }, login);
      expect(refused.status).to.equal(403);
      expect(refused.type).to.match(/^application\/problem\+json/);
      expect(refused.body.detail).to.include('viewer');
      expect((await readJson(await server.request(`/api/v1/clusters/${login}`, { key: project.secretKey }))).cluster.label).to.equal(
        'Password rejected at sign-in',
      );
    } finally {
      await context.close();
    }
  });
});
