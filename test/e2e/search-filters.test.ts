import { expect } from 'chai';
import { waitForCluster } from '../support/clusters.js';
import { submitFeedback } from '../support/feedback.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

const DAY = 24 * 3600_000;

describe('GET /api/v1/search filters', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  /** The items as GET /feedback/{id} shows them (their analysis is whatever the analyzer said). */
  const items: any[] = [];
  let otherCluster: string;

  const ORIGIN = 'https://app.example.com';
  const BODIES: { text: string; source: string; metadata: Record<string, unknown>; daysAgo?: number }[] = [
    { text: 'The CSV export crashes every single time, this is terrible.', source: 'api', metadata: { plan: 'pro', seats: 5 }, daysAgo: 6 },
    { text: 'Could you add an export to PDF as well?', source: 'api', metadata: { plan: 'pro' }, daysAgo: 4 },
    { text: 'Export to Excel takes forever and then fails.', source: 'api', metadata: { plan: 'enterprise', beta: true }, daysAgo: 2 },
    // From the widget (its key sets no createdAt): created now.
    { text: 'Exporting my reports to CSV works great, thank you!', source: 'widget', metadata: { plan: 'free' } },
  ];

  async function search(query: string, key = project.secretKey) {
    const response = await server.request(`/api/v1/search?q=export&${query}`, { key });
    expect(response.status, query).to.equal(200);
    return (await readJson(response)).results as { score: number; feedback: any }[];
  }
  const ids = (results: { feedback: any }[]) => results.map((r) => r.feedback.id).sort();
  const where = (keep: (item: any) => boolean) =>
    items
      .filter(keep)
      .map((item) => item.id)
      .sort();

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Search filters', origins: [ORIGIN] });
    other = await server.createProject({ name: 'Other' });
    const now = server.runtime.clock.now().getTime();
    for (const { daysAgo, ...body } of BODIES) {
      const id =
        daysAgo === undefined
          ? await submitFeedback(server, project.widgetKey, body, { Origin: ORIGIN })
          : await submitFeedback(server, project.secretKey, { ...body, createdAt: new Date(now - daysAgo * DAY).toISOString() });
      await waitForCluster(server, project, id);
      items.push(await waitForProcessed(server, project.secretKey, id));
    }
    for (const item of items) Object.assign(item, await readJson(await server.request(`/api/v1/feedback/${item.id}`, { key: project.secretKey })));
    otherCluster = await waitForCluster(server, other, await submitFeedback(server, other.secretKey, { text: 'The CSV export crashes' }));
  });
  after(() => server.close());

  it('without filters every item takes part', async () => {
    expect(ids(await search(''))).to.deep.equal(where(() => true));
  });

  it('sentiment, type and source keep exactly the matching items', async () => {
    for (const sentiment of ['positive', 'neutral', 'negative']) {
      expect(ids(await search(`sentiment=${sentiment}`)), sentiment).to.deep.equal(where((i) => i.sentiment === sentiment));
    }
    for (const type of new Set(items.map((i) => i.type))) expect(ids(await search(`type=${type}`)), type).to.deep.equal(where((i) => i.type === type));
    expect(ids(await search('source=api'))).to.deep.equal(where((i) => i.source === 'api'));
    expect(ids(await search('source=widget'))).to.deep.equal([items[3].id]);
    expect(await search('source=zendesk')).to.deep.equal([]);
  });

  it('from (inclusive) and to (exclusive) bound createdAt', async () => {
    const [, second, third] = items;
    const range = `from=${encodeURIComponent(second.createdAt)}&to=${encodeURIComponent(third.createdAt)}`;
    expect(ids(await search(range))).to.deep.equal([second.id]);
    expect(ids(await search(`from=${encodeURIComponent(third.createdAt)}`))).to.deep.equal(
      where((i) => Date.parse(i.createdAt) >= Date.parse(third.createdAt)),
    );
  });

  it('meta works as on GET /feedback: one key ORs its values, different keys AND', async () => {
    expect(ids(await search('meta=plan:pro'))).to.deep.equal([items[0].id, items[1].id].sort());
    expect(ids(await search('meta=plan:pro&meta=plan:free'))).to.deep.equal([items[0].id, items[1].id, items[3].id].sort());
    expect(ids(await search('meta=plan:pro&meta=seats:5'))).to.deep.equal([items[0].id]);
    expect(ids(await search('meta=beta:true'))).to.deep.equal([items[2].id]);
  });

  it('cluster keeps the theme’s items; another project’s theme finds nothing', async () => {
    const clusterId = items[0].clusterId;
    expect(ids(await search(`cluster=${clusterId}`))).to.deep.equal(where((i) => i.clusterId === clusterId));
    expect(await search(`cluster=${otherCluster}`)).to.deep.equal([]);
  });

  it('filters combine, and never change a score', async () => {
    const all = await search('');
    const some = await search(`source=api&meta=seats:5`);
    expect(ids(some)).to.deep.equal([items[0].id]);
    expect(some[0].score).to.equal(all.find((r) => r.feedback.id === items[0].id)!.score);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const bad = (query: string) => server.request(`/api/v1/search?q=export&${query}`, { key: project.secretKey });
    await expectInvalidField(await bad('sentiment=angry'), 'sentiment');
    await expectInvalidField(await bad('type=rant'), 'type');
    await expectInvalidField(await bad('source=fax'), 'source');
    await expectInvalidField(await bad('cluster='), 'cluster');
    await expectInvalidField(await bad('from=yesterday'), 'from');
    await expectInvalidField(await bad('to=2025-13-01T00:00:00Z'), 'to');
    await expectInvalidField(await bad('from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z'), 'to');
    await expectInvalidField(await bad('from=2025-01-01T00:00:00Z&to=2025-01-01T00:00:00Z'), 'to');
    const meta = await expectProblem(await bad('meta=nocolon'), 400, 'invalid-request');
    expect(meta.errors.map((e: any) => e.field).join()).to.match(/^meta/);
    await expectInvalidField(await bad(`meta=${'k:'.padEnd(301, 'v')}`), meta.errors[0].field);
  });
});
