import { expect } from 'chai';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';
import { cosineSimilarity } from '../../src/domain/cluster/vectors.js';
import { submitFeedback } from '../support/feedback.js';
import { readJson, type TestProject } from '../support/http.js';

/**
 * Each case plants personal data of one kind; `secrets` are the planted value and fragments of it
 * (another spelling, its digits) that must appear in no table; `expected` is the stored text.
 */
interface PlantedCase {
  kind: string;
  text: string;
  expected: string;
  secrets: string[];
  counts: Record<string, number>;
}

const CASES: PlantedCase[] = [
  {
    kind: 'email',
    text: 'Please contact me at jane.doe@example.com about order ORD-2024-00123.',
    expected: 'Please contact me at [email] about order ORD-2024-00123.',
    secrets: ['jane.doe@example.com', 'jane.doe'],
    counts: { email: 1 },
  },
  {
    kind: 'phone',
    text: 'Call me back on (415) 555-0132 or +44 20 7946 0958, version v2.4.1 is broken.',
    expected: 'Call me back on [phone] or [phone], version v2.4.1 is broken.',
    secrets: ['(415) 555-0132', '555-0132', '4155550132', '+44 20 7946 0958', '7946 0958', '2079460958'],
    counts: { phone: 2 },
  },
  {
    kind: 'card',
    text: 'My card 4111 1111 1111 1111 was charged twice, the plan costs $49.99/month.',
    expected: 'My card [card] was charged twice, the plan costs $49.99/month.',
    secrets: ['4111 1111 1111 1111', '4111111111111111', '1111 1111 1111'],
    counts: { card: 1 },
  },
  {
    kind: 'iban',
    text: 'Refund to my account DE89 3704 0044 0532 0130 00 please, invoice INV-88231.',
    expected: 'Refund to my account [iban] please, invoice INV-88231.',
    secrets: ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', '3704 0044 0532'],
    counts: { iban: 1 },
  },
  {
    kind: 'ip',
    text: 'Login from 192.168.1.20 was blocked. Error E4021 on 2024-05-14.',
    expected: 'Login from [ip] was blocked. Error E4021 on 2024-05-14.',
    secrets: ['192.168.1.20'],
    counts: { ip: 1 },
  },
  {
    kind: 'secret',
    text: 'I pasted my key sk_live_51HxYz2eZvKYlo2C0aBcD3fGh9Jk into the widget by accident.',
    expected: 'I pasted my key [secret] into the widget by accident.',
    secrets: ['sk_live_51HxYz2eZvKYlo2C0aBcD3fGh9Jk', '51HxYz2eZvKYlo2C0aBcD3fGh9Jk', 'HxYz2eZvKYlo2C0'],
    counts: { secret: 1 },
  },
  {
    kind: 'name',
    text: 'Spoke with Maria García yesterday, she was very helpful.',
    expected: 'Spoke with [name] yesterday, she was very helpful.',
    secrets: ['Maria García', 'García'],
    counts: { name: 1 },
  },
  {
    kind: 'address',
    text: 'The courier left the parcel at 221B Baker Street instead of my flat.',
    expected: 'The courier left the parcel at [address] instead of my flat.',
    secrets: ['221B Baker Street', 'Baker Street'],
    counts: { address: 1 },
  },
  {
    kind: 'spelled-out email',
    text: 'Please write to zelda dot quintrell at example dot org about invoice INV-88231.',
    expected: 'Please write to [email] about invoice INV-88231.',
    secrets: ['zelda dot quintrell at example dot org', 'quintrell'],
    counts: { email: 1 },
  },
  {
    kind: 'Japanese phone',
    text: '電話は090-1234-5678までお願いします。請求書が二重に届きました。',
    expected: '電話は[phone]までお願いします。請求書が二重に届きました。',
    secrets: ['090-1234-5678', '1234-5678', '09012345678'],
    counts: { phone: 1 },
  },
  {
    kind: 'national id number and date of birth',
    text: 'Mijn BSN is 111222333 en ik ben geboren op 17-06-1983. Bestelnummer 7730041.',
    expected: 'Mijn BSN is [idnumber] en ik ben geboren op [birthdate]. Bestelnummer 7730041.',
    secrets: ['111222333', '17-06-1983'],
    counts: { idnumber: 1, birthdate: 1 },
  },
  {
    kind: 'name in Chinese and a reset token',
    text: '我叫王小明，重置链接 https://example.com/reset/Zk3mP9qLw2XrT8vBn4Hy 打不开。',
    expected: '我叫[name]，重置链接 https://example.com/reset/[secret] 打不开。',
    secrets: ['王小明', 'Zk3mP9qLw2XrT8vBn4Hy'],
    counts: { name: 1, secret: 1 },
  },
];

const METADATA_SECRETS = ['zoe.quinn@example.org', 'zoe.quinn', 'max.payne@example.net', 'max.payne'];

const LOOK_ALIKES = ['ORD-2024-00123', 'v2.4.1', '$49.99', 'INV-88231', 'E4021', '2024-05-14'];

describe('Redaction before storage (spec 1, 4.1)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;
  const ids = new Map<string, string>();
  let metadataId: string;
  const processed = new Map<string, any>();

  before(async () => {
    server = await startTestServer({ analyzer: 'offline' });
    project = await server.createProject({ name: 'Redaction' });
    for (const c of CASES) ids.set(c.kind, await submitFeedback(server, project.secretKey, { text: c.text }));
    metadataId = await submitFeedback(server, project.secretKey, {
      text: 'Checkout page is slow on Safari.',
      metadata: {
        contact: 'reach me at zoe.quinn@example.org',
        nested: { owners: ['max.payne@example.net', 'team-billing'], note: 'ticket ORD-2024-00123' },
        plan: 'pro',
        seats: 5,
        beta: true,
      },
    });
    for (const id of [...ids.values(), metadataId]) processed.set(id, await waitForProcessed(server, project.secretKey, id));
  });
  after(() => server.close());

  /** Every table of the service's schema, the event log and the work tables included. */
  async function allTables(): Promise<string[]> {
    const result = await server.runtime.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    return result.rows.map((r) => r.table_name);
  }

  /** Tables (and rows) whose text form contains `needle`, case-insensitively. */
  async function tablesContaining(needle: string): Promise<string[]> {
    const found: string[] = [];
    for (const table of await allTables()) {
      const result = await server.runtime.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table}" t WHERE position(lower($1) in lower(t::text)) > 0`,
        [needle],
      );
      if (Number(result.rows[0].n) > 0) found.push(table);
    }
    return found;
  }

  it('the searched tables include the event log, the read model and the work tables', async () => {
    const tables = await allTables();
    expect(tables).to.include.members(['events', 'feedback_items', 'analysis_jobs', 'erasure_jobs']);
    // The search itself finds what is there (guards against a search that can never match).
    expect(await tablesContaining('ORD-2024-00123')).to.include.members(['events', 'feedback_items']);
    expect(await tablesContaining('[email]')).to.include.members(['events', 'feedback_items']);
  });

  for (const c of CASES) {
    it(`no table holds the planted ${c.kind}`, async () => {
      for (const secret of c.secrets) expect(await tablesContaining(secret), `${c.kind}: ${secret}`).to.deep.equal([]);
    });

    it(`the API returns the ${c.kind} as its typed placeholder`, async () => {
      const id = ids.get(c.kind)!;
      const response = await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey });
      expect(response.status).to.equal(200);
      const item = await readJson(response);
      expect(item.text).to.equal(c.expected);
      for (const type of Object.keys(c.counts)) expect(item.text).to.include(`[${type}]`);
      const list = await readJson(await server.request('/api/v1/feedback?limit=200', { key: project.secretKey }));
      expect(list.items.find((i: { id: string }) => i.id === id).text).to.equal(c.expected);
    });
  }

  it('raw search of `SELECT data::text FROM events` finds none of the planted values', async () => {
    const rows = await server.runtime.db.query<{ data: string }>(`SELECT data::text AS data FROM events`);
    const log = rows.rows
      .map((r) => r.data)
      .join('\n')
      .toLowerCase();
    expect(log).to.include('[card]');
    for (const c of CASES) for (const secret of c.secrets) expect(log, secret).to.not.include(secret.toLowerCase());
    for (const secret of METADATA_SECRETS) expect(log, secret).to.not.include(secret);
  });

  it('metadata string values are redacted at every depth; keys, numbers and booleans are kept', async () => {
    for (const secret of METADATA_SECRETS) expect(await tablesContaining(secret), secret).to.deep.equal([]);
    const item = processed.get(metadataId);
    expect(item.metadata).to.deep.equal({
      contact: 'reach me at [email]',
      nested: { owners: ['[email]', 'team-billing'], note: 'ticket ORD-2024-00123' },
      plan: 'pro',
      seats: 5,
      beta: true,
    });
  });

  it('look-alikes (order and invoice numbers, versions, prices, error codes, dates) survive', async () => {
    const texts = CASES.map((c) => processed.get(ids.get(c.kind)!).text).join('\n');
    for (const keep of LOOK_ALIKES) expect(texts, keep).to.include(keep);
    const stored = await server.runtime.db.query<{ text: string }>(`SELECT text FROM feedback_items WHERE project_id = $1`, [project.projectId]);
    const storedTexts = stored.rows.map((r) => r.text).join('\n');
    for (const keep of LOOK_ALIKES) expect(storedTexts, keep).to.include(keep);
  });

  it('a text with no personal data is stored unchanged', async () => {
    const text = 'Dark Mode looks great in 3.2.0 but export is slow with 10,000 rows at $12.50 per seat.';
    const id = await submitFeedback(server, project.secretKey, { text });
    const item = await readJson(await server.request(`/api/v1/feedback/${id}`, { key: project.secretKey }));
    expect(item.text).to.equal(text);
  });

  it('the FeedbackSubmitted event and feedback_items hold exactly the redacted text, with counts only', async () => {
    for (const c of CASES) {
      const id = ids.get(c.kind)!;
      const events = await server.runtime.db.query<{ type: string; data: any }>(`SELECT type, data FROM events WHERE stream = $1 ORDER BY revision`, [
        `feedback-${id}`,
      ]);
      expect(events.rows.map((e) => e.type).slice(0, 2)).to.deep.equal(['FeedbackSubmitted', 'FeedbackProcessed']);
      expect(events.rows[0].data.text).to.equal(c.expected);
      expect(events.rows[0].data.redactions).to.deep.equal(c.counts);
      const row = await server.runtime.db.query<{ text: string }>(`SELECT text FROM feedback_items WHERE feedback_id = $1`, [id]);
      expect(row.rows[0].text).to.equal(c.expected);
    }
  });

  it('the FeedbackProcessed event is the analysis of the redacted text, not of the original', async () => {
    const analyzer = await loadOfflineAnalyzer();
    for (const c of CASES) {
      const id = ids.get(c.kind)!;
      const events = await server.runtime.db.query<{ data: any; raw: string }>(
        `SELECT data, data::text AS raw FROM events WHERE stream = $1 AND type = 'FeedbackProcessed'`,
        [`feedback-${id}`],
      );
      expect(events.rows).to.have.length(1);
      const data = events.rows[0].data;
      for (const secret of c.secrets) expect(events.rows[0].raw.toLowerCase()).to.not.include(secret.toLowerCase());
      const ofRedacted = (await analyzer.embed(c.expected)).vector;
      const ofOriginal = (await analyzer.embed(c.text)).vector;
      const toRedacted = cosineSimilarity(data.embedding.vector, ofRedacted);
      const toOriginal = cosineSimilarity(data.embedding.vector, ofOriginal);
      expect(toRedacted, c.kind).to.be.above(0.999);
      if (cosineSimilarity(ofRedacted, ofOriginal) < 0.999) expect(toRedacted, c.kind).to.be.above(toOriginal);
      // What the API shows as the analysis is what the event recorded.
      const item = processed.get(id);
      expect(item.sentiment).to.equal(data.analysis.sentiment);
      expect(item.type).to.equal(data.analysis.type);
      expect(item.text).to.equal(c.expected);
    }
  });

  it('a widget-key submission is redacted the same way', async () => {
    const widgetProject = await server.createProject({ name: 'Redaction widget', origins: ['https://shop.example.com'] });
    const id = await submitFeedback(
      server,
      widgetProject.widgetKey,
      { text: 'Write to kim.lee@example.io or call (212) 555-0199, my IP is 10.20.30.40.' },
      { Origin: 'https://shop.example.com' },
    );
    const item = await readJson(await server.request(`/api/v1/feedback/${id}`, { key: widgetProject.secretKey }));
    expect(item.text).to.equal('Write to [email] or call [phone], my IP is [ip].');
    for (const secret of ['kim.lee@example.io', '555-0199', '10.20.30.40']) expect(await tablesContaining(secret), secret).to.deep.equal([]);
  });
});
