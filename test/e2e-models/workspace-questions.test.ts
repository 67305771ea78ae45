import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectEventually } from '../support/eventually.js';
import { submitFeedback } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { appLink, csrfOf, postForm, signIn } from '../support/workspace.js';

const PRAISE = [
  'The new onboarding is wonderful, I set up my whole team in five minutes',
  'Loved the onboarding checklist, it made getting started really easy',
  'Great onboarding experience, clear and friendly',
  'The onboarding tour was excellent and helpful, thank you',
  'Onboarding was smooth and pleasant, nice work',
  'Really enjoyed the new onboarding, very intuitive',
];

/** The tracked questions a page shows, in order. */
const shownQuestions = (page: string) => [...page.matchAll(/data-question="([^"]+)"/g)].map((m) => m[1]);

describe('workspace questions page: tracked questions, their verdicts over time, tracking and untracking', function () {
  this.timeout(240_000);
  let dataDir: string;
  let server: TestServer;
  let project: TestProject;
  let editor: string;
  let viewer: string;
  let csrf: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'workspace-questions-'));
    server = await startTestServer({ analyzer: 'offline', env: { DATA_DIR: dataDir } }); // verdicts need the real sentiment;
    project = await server.createProject({ name: 'Questions page' });
    editor = await signIn(server, await appLink(dataDir, project.projectId, 'editor'));
    viewer = await signIn(server, await appLink(dataDir, project.projectId, 'viewer'));
    csrf = csrfOf(await (await page('/app/questions', editor)).text());
  });
  after(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function page(pathname: string, cookie = viewer) {
    return fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });
  }
  const questions = async () => (await readJson(await server.request('/api/v1/questions', { key: project.secretKey }))).questions;

  it('an editor tracks a question from the page: the API lists it, and the page shows its text, subject and verdict', async () => {
    const tracked = await postForm(
      server,
      '/app/questions',
      { text: 'Are customers happy with the new onboarding?', about: '', _csrf: csrf },
      { cookie: editor },
    );
    expect(tracked.status).to.equal(303);
    expect(tracked.headers.get('location')).to.equal('/app/questions?done=tracked');
    const [question, ...rest] = await questions();
    expect(rest).to.deep.equal([]);
    expect(question).to.include({ text: 'Are customers happy with the new onboarding?', about: 'new onboarding', verdict: 'insufficient' });

    const response = await page('/app/questions?done=tracked');
    expect(response.status).to.equal(200);
    const html = await response.text();
    expect(shownQuestions(html)).to.deep.equal([question.id]);
    expect(html).to.include('Tracking the question').and.include('new onboarding').and.include('data-verdict="insufficient"');
    expect(html).to.include('aria-current="page">Questions</a>');
    const editorPage = await (await page('/app/questions', editor)).text();
    expect(editorPage).to.include('method="post" action="/app/questions"').and.include(`action="/app/questions/${question.id}/untrack"`);
    expect(html, 'a viewer gets no forms').not.to.include('method="post" action="/app/questions"').and.not.include('/untrack"');
  });

  it('shows the verdict the API reports, and the verdict at the end of each bucket of the period', async () => {
    const ids: string[] = [];
    for (const text of PRAISE) ids.push(await submitFeedback(server, project.secretKey, { text }));
    for (const id of ids) await waitForProcessed(server, project.secretKey, id);
    await expectEventually(async () => expect((await questions())[0].verdict).to.equal('positive'), { timeoutMs: 30_000, intervalMs: 300 });
    const [question] = await questions();

    for (const [query, rows] of [
      ['days=7', 8],
      ['days=30', 5],
      ['days=custom&from=2026-01-01&to=2026-01-14', 14],
    ] as const) {
      const html = await (await page(`/app/questions?${query}`)).text();
      expect(html, query).to.include(`data-verdict="positive"`);
      expect(html).to.include(`${question.counts.positive} positive, ${question.counts.negative} negative`);
      const buckets = [...html.matchAll(new RegExp(`data-question-bucket="${question.id}"[\\s\\S]*?badge-verdict-(\\w+)`, 'g'))].map((m) => m[1]);
      expect(buckets.length, query).to.be.within(rows - 1, rows);
      // The items are from today: the last bucket of a period ending now holds them; a period in the past has none.
      if (query.startsWith('days=custom')) expect(new Set(buckets), query).to.deep.equal(new Set(['insufficient']));
      else expect(buckets.at(-1), query).to.equal('positive');
    }
  });

  it('answers a bad period with the page’s 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['days=5', 'days'],
      ['days=custom&from=2025-13-01', 'from'],
      ['days=custom&from=2025-01-10&to=2025-01-01', 'to'],
    ]) {
      const response = await page(`/app/questions?${query}`);
      expect(response.status, query).to.equal(400);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(await response.text(), query).to.include(`${field}:`);
    }
  });

  it('refuses a bad question with the same validation as the command, and tracks nothing', async () => {
    const before = (await questions()).length;
    for (const [text, message] of [
      ['   ', 'text: must not be empty'],
      ['x'.repeat(501), 'text: must be at most 500 characters'],
      ['tab\u0001', 'text: must not contain control characters'],
    ]) {
      const response = await postForm(server, '/app/questions', { text, _csrf: csrf }, { cookie: editor });
      expect(response.status, message).to.equal(400);
      const html = await response.text();
      expect(html).to.include(message).and.include('role="alert"');
    }
    expect(await questions()).to.have.length(before);
  });

  it('refuses viewers, posts without the CSRF token and posts from another origin (403), changing nothing', async () => {
    const [question] = await questions();
    const viewerCsrf = csrfOf(await (await page('/app/questions', viewer)).text());
    await expectProblem(await postForm(server, '/app/questions', { text: 'Do people like exports?', _csrf: viewerCsrf }, { cookie: viewer }), 403, 'forbidden');
    await expectProblem(await postForm(server, `/app/questions/${question.id}/untrack`, { _csrf: viewerCsrf }, { cookie: viewer }), 403, 'forbidden');
    await expectProblem(await postForm(server, '/app/questions', { text: 'Do people like exports?' }, { cookie: editor }), 403, 'forbidden');
    await expectProblem(
      await postForm(server, `/app/questions/${question.id}/untrack`, { _csrf: csrf }, { cookie: editor, Origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    expect((await questions()).map((q: { id: string }) => q.id)).to.deep.equal([question.id]);
  });

  it('an editor stops tracking a question; an unknown one is the page’s 404', async () => {
    const [question] = await questions();
    const missing = await postForm(server, '/app/questions/qst_nothere/untrack', { _csrf: csrf }, { cookie: editor });
    expect(missing.status).to.equal(404);
    await missing.arrayBuffer();
    const untracked = await postForm(server, `/app/questions/${question.id}/untrack`, { _csrf: csrf }, { cookie: editor });
    expect(untracked.status).to.equal(303);
    expect(untracked.headers.get('location')).to.equal('/app/questions?done=untracked');
    expect(await questions()).to.deep.equal([]);
    const html = await (await page('/app/questions?done=untracked', editor)).text();
    expect(shownQuestions(html)).to.deep.equal([]);
    expect(html).to.include('Stopped tracking the question.').and.include('No questions are tracked yet.');
  });
});
