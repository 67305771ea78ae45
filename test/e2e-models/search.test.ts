import { expect } from 'chai';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

const TEXTS = [
  'Login keeps failing with my password',
  'The invoice PDF shows the wrong VAT amount',
  'Please add a dark theme for night use',
  'Uploading photos from the gallery crashes the app',
  'Your support team answered within minutes, thank you',
  'The dashboard takes forever to load every morning',
];

describe('GET /api/v1/search (spec 4.8)', () => {
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  const ids = new Map<string, string>();

  /** Submits one item and waits until it is processed (so it is in the search index). */
  async function submit(key: string, text: string): Promise<string> {
    const id = await submitFeedback(server, key, { text });
    await waitForProcessed(server, key, id);
    return id;
  }

  async function search(query: string, key = project.secretKey) {
    const response = await server.request(`/api/v1/search?${query}`, { key });
    return { response, body: await readJson(response) };
  }

  before(async () => {
    server = await startTestServer({ analyzer: 'offline' });
    project = await server.createProject({ name: 'Search', origins: ['https://app.example.com'] });
    other = await server.createProject({ name: 'Other' });
    for (const text of TEXTS) ids.set(text, await submit(project.secretKey, text));
    await submit(other.secretKey, 'I cannot sign in, my password is rejected every time');
  });
  after(() => server.close());

  for (const q of ['unable to log in', 'unable to access my account']) {
    it(`ranks by meaning: "${q}" finds the login item first`, async () => {
      const { response, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(response.status).to.equal(200);
      expect(body.results[0].feedback.id).to.equal(ids.get('Login keeps failing with my password'));
      expect(body.model).to.equal('use-lite-512');
    });
  }

  it('returns scores between 0 and 1, best first, each with the feedback item', async () => {
    const { body } = await search(`q=${encodeURIComponent('app is slow')}&limit=50`);
    expect(body.results).to.have.length(TEXTS.length);
    const scores = body.results.map((r: any) => r.score);
    for (const score of scores) expect(score).to.be.within(0, 1);
    expect(scores).to.deep.equal([...scores].sort((a: number, b: number) => b - a));
    expect(body.results[0].feedback.text).to.equal('The dashboard takes forever to load every morning');
    expect(body.results[0].feedback).to.include.keys('id', 'text', 'sentiment', 'type', 'createdAt', 'status');
  });

  it('is project-scoped: another project’s items never appear', async () => {
    const { body } = await search(`q=${encodeURIComponent('cannot sign in password rejected')}&limit=50`);
    const texts = body.results.map((r: any) => r.feedback.text);
    expect(texts).to.not.include('I cannot sign in, my password is rejected every time');
    const fromOther = await search(`q=${encodeURIComponent('login problems')}`, other.secretKey);
    expect(fromOther.body.results).to.have.length(1);
  });

  it('limit defaults to 20 and accepts 1 to 50', async () => {
    expect((await search('q=crash&limit=1')).body.results).to.have.length(1);
    expect((await search('q=crash&limit=50')).response.status).to.equal(200);
  });

  for (const [query, field] of [
    ['', 'q'],
    ['q=', 'q'],
    [`q=${'a'.repeat(501)}`, 'q'],
    ['q=x&limit=0', 'limit'],
    ['q=x&limit=51', 'limit'],
    ['q=x&limit=2.5', 'limit'],
    ['q=x&sort=asc', 'sort'],
  ]) {
    it(`400 naming ${field} for "${query.slice(0, 30)}"`, async () => {
      const { response, body } = await search(query);
      expect(response.status).to.equal(400);
      expect(body.errors.map((e: any) => e.field)).to.include(field);
    });
  }

  it('accepts exactly 500 characters', async () => {
    expect((await search(`q=${'a'.repeat(500)}`)).response.status).to.equal(200);
  });

  it('is metered at 60 per minute per key (spec 8)', async () => {
    const { response } = await search('q=billing');
    expect(response.headers.get('x-ratelimit-limit')).to.equal('60');
  });

  it('a widget key gets 401', async () => {
    const response = await server.request('/api/v1/search?q=x', { key: project.widgetKey, headers: { Origin: 'https://app.example.com' } });
    expect(response.status).to.equal(401);
  });

  it('a deleted item leaves the search index', async () => {
    const id = ids.get('The invoice PDF shows the wrong VAT amount')!;
    expect((await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey, method: 'DELETE' })).status).to.equal(204);
    const { body } = await search(`q=${encodeURIComponent('invoice tax amount wrong')}&limit=50`);
    expect(body.results.map((r: any) => r.feedback.id)).to.not.include(id);
    const rows = await server.runtime.db.query(`SELECT 1 FROM feedback_embeddings WHERE feedback_id = $1`, [id]);
    expect(rows.rowCount).to.equal(0);
  });
});
