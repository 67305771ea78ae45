import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { issueApiKey } from '../../commands/issue-api-key/handler.js';
import { revokeApiKey } from '../../commands/revoke-api-key/handler.js';
import { testContext } from '../support/test-context.js';
import { launchChromium, startHostPageServer, type HostPageServer } from '../support/browser.js';
import { expectEventually } from '../support/eventually.js';
import { readJson } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// The callbacks of page.evaluate run in the page; this project's TypeScript has no DOM library, so its globals are declared here.
declare const document: any;
declare const window: any;
declare function getComputedStyle(element: unknown): any;

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const VIEWPORT = { width: 1024, height: 640 };

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A customer's page with the embed snippet, and CSS that would wreck the widget if it leaked into
 * its shadow root (every button red, every font serif and huge).
 */
const hostPage = (base: string) => (key: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme app</title>
<style>
  body { font: 40px serif !important; color: rgb(0, 128, 0); margin: 40px; }
  button { background: rgb(255, 0, 0) !important; color: rgb(255, 255, 0) !important; font-size: 40px !important; }
  dialog, textarea { display: none !important; }
</style></head>
<body><h1>Acme dashboard</h1><button id="host-button">Host action</button>
<script src="${escapeAttribute(base)}/widget.js" data-key="${escapeAttribute(key)}" async></script>
</body></html>`;

/** What has focus, looking through the widget's shadow root: an element's id or class. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const host = document.querySelector('feedback-widget');
    const active = document.activeElement === host ? host?.shadowRoot?.activeElement : document.activeElement;
    return active ? active.id || active.className || active.tagName : 'none';
  });
}

const dialogOpen = (page: Page) => page.evaluate(() => Boolean(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('dialog')?.open));
const statusText = (page: Page) => page.locator('feedback-widget .status');

describe('the browser widget in headless Chromium', function () {
  this.timeout(120_000);
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let allowedSite: HostPageServer;
  let otherSite: HostPageServer;
  let project: { projectId: string; secretKey: string; widgetKey: string };

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startTestServer({ workers: false });
    allowedSite = await startHostPageServer(hostPage(server.url));
    otherSite = await startHostPageServer(hostPage(server.url));
    project = await server.createProject({ name: 'Widget', origins: [allowedSite.origin] });
    browser = await launchChromium();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: VIEWPORT });
  });
  afterEach(() => context?.close());
  after(async () => {
    await browser?.close();
    await allowedSite?.close();
    await otherSite?.close();
    await server?.close();
  });

  async function openSite(site: HostPageServer, key: string, query = ''): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${site.origin}/account/settings?key=${encodeURIComponent(key)}${query}`);
    await page.waitForFunction(() => Boolean((window as any).FeedbackWidget && document.querySelector('feedback-widget')));
    return page;
  }

  async function listItems(): Promise<any[]> {
    const response = await server.request('/api/v1/feedback?source=widget&limit=200', { key: project.secretKey });
    expect(response.status).to.equal(200);
    return (await readJson(response)).items;
  }

  it('from an allowlisted origin: identifies a user, submits feedback, and the API finds both', async () => {
    const page = await openSite(allowedSite, project.widgetKey, '&email=jane.doe%40example.com&token=s3cr3t');
    const identified = await page.evaluate(() => (window as any).FeedbackWidget.identify('user-42', { plan: 'pro', beta: true, company: 'Acme' }));
    expect(identified).to.deep.equal({ userId: 'user-42', warnings: [] });

    await page.getByRole('button', { name: 'Feedback' }).click();
    expect(await dialogOpen(page)).to.equal(true);
    const text = 'The CSV export keeps timing out on big projects, please make it faster.';
    await page.getByLabel('Your feedback').fill(text);
    await page.screenshot({ path: `${ARTIFACTS}widget-open.png`, animations: 'disabled' }); // the opening fade finished
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForFunction(() => /Thank you/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''));
    expect(await page.getByLabel('Your feedback').inputValue()).to.equal('');

    const item = (await listItems()).find((candidate) => candidate.text === text);
    expect(item, 'the submitted item in GET /feedback').to.exist;
    expect(item.source).to.equal('widget');
    expect(item.userId).to.equal('user-42');
    // The page address without its query, which carried an email address and a token; the service redacts the
    // loopback IP address of this test site as it redacts any IP address in metadata.
    const port = new URL(allowedSite.origin).port;
    expect(item.metadata).to.deep.equal({ pageUrl: `http://[ip]:${port}/account/settings`, viewport: `${VIEWPORT.width}x${VIEWPORT.height}` });

    const user = await readJson(await server.request('/api/v1/users/user-42', { key: project.secretKey }));
    expect(user.traits).to.include({ plan: 'pro', beta: true, company: 'Acme' });
  });

  it("keeps the host page's CSS out of the widget, and its own styles out of the page", async () => {
    const page = await openSite(allowedSite, project.widgetKey);
    const styles = await page.evaluate(() => {
      const launcher = document.querySelector('feedback-widget')!.shadowRoot!.querySelector('.launcher')!;
      const hostButton = document.getElementById('host-button')!;
      return {
        launcher: getComputedStyle(launcher).backgroundColor,
        launcherFont: getComputedStyle(launcher).fontSize,
        hostButton: getComputedStyle(hostButton).backgroundColor,
        hostBorderRadius: getComputedStyle(hostButton).borderRadius,
      };
    });
    expect(styles.launcher).not.to.equal('rgb(255, 0, 0)');
    expect(styles.launcherFont).to.equal('15px');
    expect(styles.hostButton).to.equal('rgb(255, 0, 0)');
    expect(styles.hostBorderRadius).to.equal('0px');
    await page.evaluate(() => (window as any).FeedbackWidget.open());
    expect(await page.getByLabel('Your feedback').isVisible()).to.equal(true); // the page hides every dialog and textarea of its own
  });

  it("works under a strict Content-Security-Policy that allows only the service's script and connections, no styles", async () => {
    const csp = `default-src 'none'; script-src ${server.url}; connect-src ${server.url}; style-src 'none'`;
    const strictSite = await startHostPageServer(hostPage(server.url), { 'Content-Security-Policy': csp });
    try {
      const strict = await server.createProject({ name: 'Widget CSP', origins: [strictSite.origin] });
      const page = await openSite(strictSite, strict.widgetKey);
      const launcher = await page.evaluate(
        () => getComputedStyle(document.querySelector('feedback-widget').shadowRoot.querySelector('.launcher')).backgroundColor,
      );
      expect(launcher).to.equal('rgb(36, 81, 199)'); // the widget's own accent: its style sheet applied
      await page.evaluate(() => window.FeedbackWidget.open());
      await page.getByLabel('Your feedback').fill('Works on our locked-down admin pages too.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await page.waitForFunction(() => /Thank you/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''));
    } finally {
      await strictSite.close();
    }
  });

  it('from an origin not on the allowlist: shows the refusal in the form, and nothing is stored', async () => {
    const before = (await listItems()).length;
    const page = await openSite(otherSite, project.widgetKey);
    await page.evaluate(() => (window as any).FeedbackWidget.open());
    await page.getByLabel('Your feedback').fill('This should never arrive.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForFunction(() => /not allowed/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''));
    expect(await statusText(page).textContent()).to.equal(
      `This website is not allowed to send feedback to this project. (Site owners: add ${otherSite.origin} to the allowed origins.)`,
    );
    const identify = await page.evaluate(() =>
      (window as any).FeedbackWidget.identify('user-7', { plan: 'free' }).then(
        () => 'identified',
        (error: Error) => error.message,
      ),
    );
    expect(identify).to.match(/not allowed/);
    expect((await listItems()).length).to.equal(before);
    expect((await server.request('/api/v1/users/user-7', { key: project.secretKey })).status).to.equal(404);
  });

  it('says the form is not set up when its widget key was revoked (the 401 is readable by the page)', async () => {
    const issued = await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'widget', mode: 'test' }, testContext());
    await revokeApiKey(server.runtime, issued.key, testContext());
    const page = await openSite(allowedSite, issued.key);
    await page.evaluate(() => window.FeedbackWidget.open());
    await page.getByLabel('Your feedback').fill('Sent with a revoked key.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForFunction(() => /not set up/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''));
    expect(await statusText(page).textContent()).to.equal('This feedback form is not set up correctly (its key was refused), so nothing was sent.');
  });

  it('works with the keyboard alone: Tab to the button, Enter opens, focus stays in the form, Escape closes, Enter sends', async () => {
    const page = await openSite(allowedSite, project.widgetKey);
    for (let presses = 0; presses < 5 && (await focused(page)) !== 'launcher'; presses++) await page.keyboard.press('Tab');
    expect(await focused(page)).to.equal('launcher');

    await page.keyboard.press('Enter');
    expect(await dialogOpen(page)).to.equal(true);
    expect(await focused(page)).to.equal('fw-text');
    const order = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).to.deep.equal(['close', 'send', 'fw-text', 'close']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).to.equal('send'); // from the first control back round to the last

    await page.keyboard.press('Escape');
    expect(await dialogOpen(page)).to.equal(false);
    expect(await focused(page)).to.equal('launcher');

    await page.keyboard.press('Enter');
    const text = 'Keyboard only: the date picker cannot be used without a mouse.';
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).to.equal('send');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Thank you/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''));
    await expectEventually(async () => expect((await listItems()).map((item) => item.text)).to.include(text));
  });

  it('shows validation errors in plain words: an empty text, and a text the service refuses (only invisible characters)', async () => {
    const page = await openSite(allowedSite, project.widgetKey);
    await page.evaluate(() => (window as any).FeedbackWidget.open());
    await page.getByRole('button', { name: 'Send feedback' }).click();
    expect(await statusText(page).textContent()).to.equal('Please write your feedback before sending.');
    expect(await page.getByLabel('Your feedback').getAttribute('aria-invalid')).to.equal('true');

    await page.getByLabel('Your feedback').fill('\u200b\u200b');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForFunction(() =>
      /Please write a few words/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''),
    );
    expect(await statusText(page).textContent()).to.match(/^Please write a few words of feedback before sending \(your text must contain a visible character/);
  });

  it('shows the rate limit in plain words, with the wait the service gives', async () => {
    const limited = await server.createProject({ name: 'Widget limited', origins: [allowedSite.origin] });
    // The limit counts per clock minute: start early enough in a minute that the widget's 31st lands in the same one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 35_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    for (let i = 0; i < 30; i++) {
      const response = await server.request('/api/v1/feedback', {
        key: limited.widgetKey,
        method: 'POST',
        body: '{}',
        headers: { Origin: allowedSite.origin },
      });
      expect(response.status).to.equal(400); // counted against the 30 per minute all the same
    }
    const page = await openSite(allowedSite, limited.widgetKey);
    await page.evaluate(() => (window as any).FeedbackWidget.open());
    await page.getByLabel('Your feedback').fill('One more thing about the export.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForFunction(() =>
      /Too much feedback/.test(document.querySelector('feedback-widget')?.shadowRoot?.querySelector('.status')?.textContent ?? ''),
    );
    expect(await statusText(page).textContent()).to.match(
      /^Too much feedback was sent from this site in the last minute\. Please try again in \d+ seconds?\.$/,
    );
  });

  it('follows prefers-color-scheme and prefers-reduced-motion', async () => {
    const page = await openSite(allowedSite, project.widgetKey);
    await page.evaluate(() => (window as any).FeedbackWidget.open());
    const look = () =>
      page.evaluate(() => {
        const dialog = document.querySelector('feedback-widget')!.shadowRoot!.querySelector('dialog')!;
        return { background: getComputedStyle(dialog).backgroundColor, animation: getComputedStyle(dialog).animationName };
      });
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
    const light = await look();
    expect(light).to.deep.equal({ background: 'rgb(255, 255, 255)', animation: 'fw-in' });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    const dark = await look();
    expect(dark).to.deep.equal({ background: 'rgb(31, 31, 36)', animation: 'none' });
    await page.screenshot({ path: `${ARTIFACTS}widget-open-dark.png` });
  });
});
