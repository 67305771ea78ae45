import { expect } from 'chai';
import { FEEDBACK_SOURCES } from '../../src/domain/feedback/events.js';
import { submitFeedback } from '../support/feedback.js';
import { expectProblem, readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const SHARED_AT = '2025-06-01T12:00:00.000Z';
const ORIGIN = 'https://list.example.com';

describe('GET /api/v1/feedback and /feedback/{id} (spec 4.2, 4.3)', function () {
  this.timeout(180_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ analyzer: 'stub' });
  });
  after(() => server.close());

  async function list(project: TestProject, query = ''): Promise<{ items: any[]; nextBefore: string | null }> {
    const response = await server.request(`/api/v1/feedback${query}`, { key: project.secretKey });
    expect(response.status, `GET /feedback${query}`).to.equal(200);
    return readJson(response);
  }

  /** A 400 invalid-request naming `field`, in detail and in errors[] (where a repeated parameter may be named `meta.0`). */
  async function expectBadQuery(project: TestProject, query: string, field: string): Promise<void> {
    const problem = await expectProblem(await server.request(`/api/v1/feedback${query}`, { key: project.secretKey }), 400, 'invalid-request');
    expect(problem.detail).to.include(field);
    expect(problem.errors.map((e: { field: string }) => e.field).join(' ')).to.include(field);
  }

  const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

  describe('ordering, limit and filters (spec 4.2)', () => {
    let project: TestProject;
    const byName = new Map<string, string>();

    before(async () => {
      project = await server.createProject({ name: 'List filters', origins: [ORIGIN] });
      const items: Array<[string, Record<string, unknown>, boolean?]> = [
        ['pro5', { text: 'I love the new reports, they are fantastic. Thank you!', metadata: { plan: 'pro', seats: 5 } }],
        ['free5', { text: 'The app crashes whenever I open settings. Terrible and broken.', metadata: { plan: 'free', seats: 5 } }],
        ['ent10', { text: 'How do I invite a colleague to my workspace?', metadata: { plan: 'enterprise', seats: 10, beta: true } }],
        ['pro10s', { text: 'Great support team, they solved my issue quickly. Excellent!', metadata: { plan: 'pro', seats: '10' } }],
        ['eu', { text: 'Sync is awful and slow, I lost my changes twice and I am furious.', metadata: { region: 'eu', beta: 'true' } }],
        ['none', { text: 'Please add an export to PDF.' }],
        ['widget', { text: 'Sent from the widget: the search box is hard to find.' }, true],
      ];
      let minute = 0;
      for (const [name, body, widget] of items) {
        // Distinct, increasing timestamps: the newest-first order is then known. A widget key cannot
        // backdate, so the widget item, dated at receipt, is the newest.
        const createdAt = new Date(Date.parse('2025-03-01T09:00:00.000Z') + minute++ * 60_000).toISOString();
        byName.set(
          name,
          widget
            ? await submitFeedback(server, project.widgetKey, body, { Origin: ORIGIN })
            : await submitFeedback(server, project.secretKey, { ...body, createdAt }),
        );
      }
      for (const id of byName.values()) await waitForProcessed(server, project.secretKey, id);
    });

    const named = (...names: string[]) => names.map((n) => byName.get(n)!);

    it('lists newest first with the list fields', async () => {
      const page = await list(project);
      expect(ids(page.items)).to.deep.equal(named('widget', 'none', 'eu', 'pro10s', 'ent10', 'free5', 'pro5'));
      expect(page.nextBefore).to.equal(null);
      const createdAts = page.items.map((i) => i.createdAt);
      expect([...createdAts].sort().reverse()).to.deep.equal(createdAts);
      for (const item of page.items) {
        expect(item).to.include.keys(
          'id',
          'text',
          'status',
          'sentiment',
          'sentimentScore',
          'type',
          'emotions',
          'language',
          'clusterId',
          'userId',
          'source',
          'metadata',
          'createdAt',
        );
        expect(item.status).to.equal('processed');
      }
    });

    it('accepts limit 1 and 200 and rejects 0, 201, -1 and `abc` naming `limit`', async () => {
      const one = await list(project, '?limit=1');
      expect(ids(one.items)).to.deep.equal(named('widget'));
      expect(one.nextBefore).to.be.a('string');
      const max = await list(project, '?limit=200');
      expect(max.items).to.have.length(7);
      expect(max.nextBefore).to.equal(null);
      for (const limit of ['0', '201', '-1', 'abc', '']) await expectBadQuery(project, `?limit=${limit}`, 'limit');
    });

    it('filters by sentiment: exactly the items with that sentiment', async () => {
      const all = (await list(project)).items;
      const seen = new Set(all.map((i) => i.sentiment));
      expect(seen.has('positive'), 'some item read as positive').to.equal(true);
      expect(seen.has('negative'), 'some item read as negative').to.equal(true);
      for (const sentiment of ['positive', 'neutral', 'negative']) {
        const filtered = await list(project, `?sentiment=${sentiment}`);
        expect(ids(filtered.items), sentiment).to.deep.equal(ids(all.filter((i) => i.sentiment === sentiment)));
      }
      await expectBadQuery(project, '?sentiment=angry', 'sentiment');
      await expectBadQuery(project, '?sentiment=POSITIVE', 'sentiment');
    });

    it('filters by source and accepts every source value of 2.1', async () => {
      expect([...FEEDBACK_SOURCES]).to.deep.equal(['api', 'widget', 'csv', 'appstore', 'call', 'intercom', 'zendesk']);
      for (const source of ['api', 'widget', 'csv', 'appstore', 'call', 'intercom', 'zendesk']) {
        const page = await list(project, `?source=${source}`);
        for (const item of page.items) expect(item.source).to.equal(source);
        if (source === 'widget') expect(ids(page.items)).to.deep.equal(named('widget'));
        else if (source === 'api') expect(page.items).to.have.length(6);
        else expect(page.items).to.deep.equal([]);
      }
      await expectBadQuery(project, '?source=foo', 'source');
    });

    it('an unknown cluster gives an empty list', async () => {
      const page = await list(project, '?cluster=cl_does_not_exist');
      expect(page).to.deep.equal({ items: [], nextBefore: null });
    });

    it('meta: one key matches its value, numbers and booleans match their text', async () => {
      expect(ids((await list(project, '?meta=plan:pro')).items)).to.deep.equal(named('pro10s', 'pro5'));
      expect(ids((await list(project, '?meta=seats:5')).items)).to.deep.equal(named('free5', 'pro5'));
      // `10` matches the number 10 and the string "10".
      expect(ids((await list(project, '?meta=seats:10')).items)).to.deep.equal(named('pro10s', 'ent10'));
      // `true` matches the boolean and the string.
      expect(ids((await list(project, '?meta=beta:true')).items)).to.deep.equal(named('eu', 'ent10'));
      expect((await list(project, '?meta=plan:gold')).items).to.deep.equal([]);
      expect((await list(project, '?meta=unknownkey:pro')).items).to.deep.equal([]);
    });

    it('meta: the same key repeated ORs the values', async () => {
      expect(ids((await list(project, '?meta=plan:pro&meta=plan:free')).items)).to.deep.equal(named('pro10s', 'free5', 'pro5'));
      expect(ids((await list(project, '?meta=plan:free&meta=plan:enterprise')).items)).to.deep.equal(named('ent10', 'free5'));
    });

    it('meta: different keys AND together', async () => {
      expect(ids((await list(project, '?meta=plan:pro&meta=seats:5')).items)).to.deep.equal(named('pro5'));
      expect(ids((await list(project, '?meta=plan:pro&meta=seats:10')).items)).to.deep.equal(named('pro10s'));
      expect((await list(project, '?meta=plan:free&meta=seats:10')).items).to.deep.equal([]);
      // (plan = pro OR plan = enterprise) AND seats = 10
      expect(ids((await list(project, '?meta=plan:pro&meta=seats:10&meta=plan:enterprise')).items)).to.deep.equal(named('pro10s', 'ent10'));
    });

    it('meta without a colon gives 400 naming `meta`', async () => {
      await expectBadQuery(project, '?meta=nocolon', 'meta');
      await expectBadQuery(project, '?meta=plan:pro&meta=nocolon', 'meta');
    });

    it('filters combine with each other and with limit/before paging', async () => {
      const first = await list(project, '?meta=plan:pro&meta=plan:free&limit=2');
      expect(ids(first.items)).to.deep.equal(named('pro10s', 'free5'));
      expect(first.nextBefore).to.be.a('string');
      const second = await list(project, `?meta=plan:pro&meta=plan:free&limit=2&before=${encodeURIComponent(first.nextBefore!)}`);
      expect(ids(second.items)).to.deep.equal(named('pro5'));
      expect(second.nextBefore).to.equal(null);
      const widgetOnly = await list(project, '?source=widget&meta=plan:pro');
      expect(widgetOnly.items).to.deep.equal([]);
    });

    it('rejects an invalid `before` and unknown query parameters', async () => {
      await expectBadQuery(project, '?before=yesterday', 'before');
      await expectBadQuery(project, '?before=2025-13-01T00:00:00Z', 'before');
      await expectBadQuery(project, '?sort=oldest', 'sort');
    });

    it("never shows another project's items", async () => {
      const other = await server.createProject({ name: 'List other' });
      await submitFeedback(server, other.secretKey, { text: 'Only in the other project', metadata: { plan: 'pro' } });
      const mine = await list(project, '?meta=plan:pro');
      expect(ids(mine.items)).to.deep.equal(named('pro10s', 'pro5'));
      const theirs = await list(other);
      expect(theirs.items).to.have.length(1);
      expect(theirs.items[0].text).to.equal('Only in the other project');
    });

    it('requires a secret key', async () => {
      const response = await server.request('/api/v1/feedback', { key: project.widgetKey, headers: { Origin: ORIGIN } });
      expect(response.status).to.equal(401);
    });
  });

  describe('cursor paging over shared timestamps (spec 4.2 before / nextBefore)', () => {
    let project: TestProject;
    const created: string[] = [];
    let fullOrder: any[];
    const SHARED_COUNT = 100;
    const OTHER_TIMES = [
      '2025-06-01T12:00:00.001Z', // 1 ms newer than the shared instant
      '2025-06-01T11:59:59.999Z', // 1 ms older
      '2025-06-02T08:00:00.000Z',
      '2025-05-30T08:00:00.000Z',
    ];

    before(async () => {
      project = await server.createProject({ name: 'List cursor' });
      const bodies: Array<Record<string, unknown>> = [];
      for (let i = 0; i < SHARED_COUNT; i++) bodies.push({ text: `Shared timestamp item number ${i}`, createdAt: SHARED_AT });
      for (let i = 0; i < 20; i++) bodies.push({ text: `Other timestamp item number ${i}`, createdAt: OTHER_TIMES[i % OTHER_TIMES.length] });
      expect(bodies).to.have.length(120);
      for (let i = 0; i < bodies.length; i += 8) {
        created.push(...(await Promise.all(bodies.slice(i, i + 8).map((b) => submitFeedback(server, project.secretKey, b)))));
      }
      fullOrder = (await list(project, '?limit=200')).items;
    });

    it('holds all 120 items, newest first, the shared instant 100 times', async () => {
      expect(fullOrder).to.have.length(120);
      expect(new Set(ids(fullOrder))).to.deep.equal(new Set(created));
      const times = fullOrder.map((i) => Date.parse(i.createdAt));
      for (let i = 1; i < times.length; i++) expect(times[i]).to.be.at.most(times[i - 1]);
      expect(fullOrder.filter((i) => i.createdAt === SHARED_AT)).to.have.length(SHARED_COUNT);
      // Ties are broken by the submission's position in the log, as a number (not as text: '9' > '10').
      const byLog = await server.runtime.db.query<{ feedback_id: string; seq: string }>(
        `SELECT feedback_id, list_seq::text AS seq FROM feedback_items WHERE project_id = $1
          ORDER BY feedback_items.created_at DESC, feedback_items.list_seq DESC`,
        [project.projectId],
      );
      expect(
        byLog.rows.some((r) => r.seq.length !== byLog.rows[0].seq.length),
        'sequences of different digit counts',
      ).to.equal(true);
      expect(ids(fullOrder)).to.deep.equal(byLog.rows.map((r) => r.feedback_id));
    });

    it('the default limit is 50; a page ends rather than split a millisecond that continues past it', async () => {
      // 5 + 5 newer items, then the 100 sharing one millisecond: the first 50 rows would end inside it.
      const first = await list(project);
      expect(ids(first.items)).to.deep.equal(ids(fullOrder.slice(0, 10)));
      expect(first.nextBefore).to.equal('2025-06-01T12:00:00.001Z');
      // More than 50 share that millisecond: only here does the page end inside it, with a tie-breaker.
      const second = await list(project, `?before=${encodeURIComponent(first.nextBefore!)}`);
      expect(ids(second.items)).to.deep.equal(ids(fullOrder.slice(10, 60)));
      expect(second.nextBefore).to.match(/^2025-06-01T12:00:00\.000000\d{20}Z$/);
    });

    it('cursors are plain milliseconds except inside a millisecond shared by more than `limit` items', async () => {
      const { pages, cursors } = await pageThrough(7);
      for (let i = 0; i < cursors.length - 1; i++) {
        const last = pages[i][pages[i].length - 1];
        const next = pages[i + 1][0];
        if (last.createdAt === next.createdAt) {
          expect(fullOrder.filter((item) => item.createdAt === last.createdAt).length).to.be.above(7);
          expect(cursors[i]).to.have.length('2025-06-01T12:00:00.000000Z'.length + 20);
        } else {
          expect(cursors[i]).to.equal(last.createdAt);
        }
      }
    });

    async function pageThrough(limit: number, query = ''): Promise<{ pages: any[][]; cursors: Array<string | null> }> {
      const pages: any[][] = [];
      const cursors: Array<string | null> = [];
      let before: string | null = null;
      for (let guard = 0; guard < 200; guard++) {
        const page = await list(project, `?limit=${limit}${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
        pages.push(page.items);
        cursors.push(page.nextBefore);
        if (page.nextBefore === null) return { pages, cursors };
        before = page.nextBefore;
      }
      throw new Error('paging did not end');
    }

    it('paging with limit 7 returns every item exactly once, in the same order', async () => {
      const { pages, cursors } = await pageThrough(7);
      const seen = pages.flat();
      expect(seen).to.have.length(120);
      expect(new Set(ids(seen)).size).to.equal(120);
      expect(ids(seen)).to.deep.equal(ids(fullOrder));
      for (const page of pages) expect(page.length).to.be.within(1, 7);
      expect(cursors[cursors.length - 1]).to.equal(null);
    });

    it("nextBefore is a date-time (the last item's instant) until the last page, where it is null", async () => {
      const { pages, cursors } = await pageThrough(7);
      for (let i = 0; i < cursors.length - 1; i++) {
        const cursor = cursors[i]!;
        expect(cursor).to.be.a('string').and.match(RFC3339);
        const asMillis = new Date(cursor.replace(/(\.\d{3})\d+/, '$1'));
        expect(Number.isNaN(asMillis.getTime())).to.equal(false);
        const last = pages[i][pages[i].length - 1];
        expect(asMillis.toISOString()).to.equal(last.createdAt);
      }
    });

    it('the last page has a null cursor and no page is empty', async () => {
      const { pages, cursors } = await pageThrough(8);
      for (const page of pages) expect(page.length).to.be.within(1, 8);
      expect(cursors.slice(0, -1).every((c) => typeof c === 'string')).to.equal(true);
      expect(cursors[cursors.length - 1]).to.equal(null);
      expect(ids(pages.flat())).to.deep.equal(ids(fullOrder));
    });

    it('paging with limit 1 through the shared instant neither skips nor repeats', async () => {
      const { pages } = await pageThrough(1);
      expect(ids(pages.flat())).to.deep.equal(ids(fullOrder));
    });

    it('the same cursor gives the same page again', async () => {
      const first = await list(project, '?limit=30');
      const a = await list(project, `?limit=30&before=${encodeURIComponent(first.nextBefore!)}`);
      const b = await list(project, `?limit=30&before=${encodeURIComponent(first.nextBefore!)}`);
      expect(ids(a.items)).to.deep.equal(ids(b.items));
      expect(a.nextBefore).to.equal(b.nextBefore);
      const start = first.items.length;
      expect(ids(a.items)).to.deep.equal(ids(fullOrder.slice(start, start + a.items.length)));
    });

    it('a plain date-time `before` returns strictly older items', async () => {
      const older = (at: string) => fullOrder.filter((i) => Date.parse(i.createdAt) < Date.parse(at));

      const atShared = await list(project, `?limit=200&before=${encodeURIComponent(SHARED_AT)}`);
      expect(ids(atShared.items)).to.deep.equal(ids(older(SHARED_AT)));
      expect(atShared.items.some((i) => i.createdAt === SHARED_AT)).to.equal(false);
      expect(atShared.items.length).to.be.above(0);

      // The same instant written with an offset and without a fraction.
      const withOffset = await list(project, `?limit=200&before=${encodeURIComponent('2025-06-01T14:00:00+02:00')}`);
      expect(ids(withOffset.items)).to.deep.equal(ids(atShared.items));

      // One microsecond later: the shared instant is now older.
      const justAfter = await list(project, `?limit=200&before=${encodeURIComponent('2025-06-01T12:00:00.000001Z')}`);
      expect(justAfter.items.filter((i) => i.createdAt === SHARED_AT)).to.have.length(SHARED_COUNT);
      expect(justAfter.items.some((i) => i.createdAt === '2025-06-01T12:00:00.001Z')).to.equal(false);

      const beforeAll = await list(project, `?before=${encodeURIComponent('2025-05-30T08:00:00Z')}`);
      expect(beforeAll).to.deep.equal({ items: [], nextBefore: null });

      const afterAll = await list(project, `?limit=200&before=${encodeURIComponent('2030-01-01T00:00:00.000Z')}`);
      expect(ids(afterAll.items)).to.deep.equal(ids(fullOrder));
    });

    it('a plain `before` with a limit pages on with nextBefore', async () => {
      const first = await list(project, `?limit=5&before=${encodeURIComponent('2025-06-01T12:00:00.000001Z')}`);
      const expected = fullOrder.filter((i) => Date.parse(i.createdAt) <= Date.parse(SHARED_AT));
      expect(ids(first.items)).to.deep.equal(ids(expected.slice(0, 5)));
      const second = await list(project, `?limit=5&before=${encodeURIComponent(first.nextBefore!)}`);
      expect(ids(second.items)).to.deep.equal(ids(expected.slice(5, 10)));
    });

    it('an item submitted during paging does not disturb later pages', async () => {
      const first = await list(project, '?limit=10');
      await submitFeedback(server, project.secretKey, { text: 'Arrived while someone was paging', createdAt: SHARED_AT });
      await submitFeedback(server, project.secretKey, { text: 'Arrived later still, newest of all' });
      const rest: any[] = [];
      let before = first.nextBefore;
      while (before) {
        const page = await list(project, `?limit=25&before=${encodeURIComponent(before)}`);
        rest.push(...page.items);
        before = page.nextBefore;
      }
      const seen = [...first.items, ...rest];
      expect(new Set(ids(seen)).size).to.equal(seen.length);
      for (const id of created) expect(ids(seen)).to.include(id);
    });
  });

  describe('a cursor survives a round trip through a millisecond date type', () => {
    // The reproduction: backfilled items sharing one createdAt; a client that parses nextBefore as a
    // date and writes it back (JavaScript, Python) used to lose them.
    // Re-serialising is safe whenever `limit` is at least the largest group sharing a millisecond;
    // verbatim cursors are safe at any limit.
    const roundTrips: [string, (cursor: string) => string, number[]][] = [
      ['verbatim', (cursor) => cursor, [1, 2, 3, 4]],
      ['through a JavaScript Date', (cursor) => new Date(cursor).toISOString(), [3, 4, 5]],
      ['as Python writes it', (cursor) => new Date(cursor).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00'), [3, 4, 5]],
    ];
    for (const [name, roundTrip, limits] of roundTrips) {
      it(`every item exactly once, the cursor passed back ${name}`, async () => {
        const project = await server.createProject({ name: `Round trip ${name}` });
        const created = [
          await submitFeedback(server, project.secretKey, { text: 'Older item', createdAt: '2025-01-14T08:00:00.000Z' }),
          ...(await Promise.all(
            [1, 2, 3].map((n) => submitFeedback(server, project.secretKey, { text: `Backfill ${n}`, createdAt: '2025-01-15T00:00:00.000Z' })),
          )),
          await submitFeedback(server, project.secretKey, { text: 'Newer item', createdAt: '2025-01-16T08:00:00.000Z' }),
        ];
        for (const limit of limits) {
          const seen: string[] = [];
          let query = `?limit=${limit}`;
          for (let guard = 0; guard < 10; guard++) {
            const page = await list(project, query);
            seen.push(...ids(page.items));
            if (page.nextBefore === null) break;
            query = `?limit=${limit}&before=${encodeURIComponent(roundTrip(page.nextBefore))}`;
          }
          expect(seen, `limit ${limit}`).to.have.members(created);
          expect(seen, `limit ${limit}`).to.have.length(created.length);
        }
      });
    }
  });

  describe('GET /api/v1/feedback/{id} (spec 4.3)', () => {
    let project: TestProject;
    let other: TestProject;
    let id: string;

    before(async () => {
      project = await server.createProject({ name: 'Detail' });
      other = await server.createProject({ name: 'Detail other' });
      id = await submitFeedback(server, project.secretKey, {
        text: 'The calendar sync is broken since yesterday, events are missing.',
        userId: 'user-42',
        metadata: { plan: 'pro' },
        createdAt: '2025-02-02T10:00:00.000Z',
      });
    });

    it('returns the list fields plus receivedAt, processedAt and analysis.analyzer', async () => {
      const item = await waitForProcessed(server, project.secretKey, id);
      const listed = (await list(project)).items.find((i) => i.id === id);
      const { receivedAt, processedAt, analysis, ...listFields } = item;
      expect(listFields).to.deep.equal(listed);
      expect(item.id).to.equal(id);
      expect(item.userId).to.equal('user-42');
      expect(item.metadata).to.deep.equal({ plan: 'pro' });
      expect(item.createdAt).to.equal('2025-02-02T10:00:00.000Z');
      expect(receivedAt).to.match(RFC3339);
      expect(processedAt).to.match(RFC3339);
      expect(Date.parse(processedAt)).to.be.at.least(Date.parse(receivedAt));
      expect(analysis.analyzer).to.equal('stub');
    });

    it('a pending item has null analysis fields', async () => {
      // The worker may already have processed it; only a pending answer has the null fields.
      const fresh = await submitFeedback(server, project.secretKey, { text: 'Just arrived' });
      const item = await readJson(await server.request(`/api/v1/feedback/${fresh}`, { key: project.secretKey }));
      expect(item).to.include.keys('receivedAt', 'processedAt', 'analysis');
      if (item.status === 'pending') {
        expect(item.processedAt).to.equal(null);
        expect(item.analysis).to.equal(null);
        expect(item.sentiment).to.equal(null);
      } else {
        expect(item.status).to.equal('processed');
        expect(item.analysis.analyzer).to.be.a('string');
      }
    });

    it('an unknown id gives a 404 problem', async () => {
      const response = await server.request('/api/v1/feedback/fb_doesnotexist0000000', { key: project.secretKey });
      await expectProblem(response, 404, 'not-found');
    });

    it("another project's item gives 404, not 403", async () => {
      const response = await server.request(`/api/v1/feedback/${id}`, { key: other.secretKey });
      expect(response.status).to.equal(404);
      expect((await readJson(response)).type).to.match(/\/not-found$/);
    });
  });
});
