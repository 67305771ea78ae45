import { expect } from 'chai';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../../src/analysis/analyzer.js';
import { postFeedback } from '../support/feedback.js';
import { expectInvalidField, readJson, type TestProject } from '../support/http.js';
import { startTestServer, waitForProcessed, type TestServer } from '../support/test-server.js';

const ORIGIN = 'https://app.example.com';

describe('POST /api/v1/feedback (spec 4.1, 3.1)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let project: TestProject;

  before(async () => {
    server = await startTestServer();
    project = await server.createProject({ name: 'Submit', origins: [ORIGIN] });
  });
  after(() => server.close());

  /** A fresh project per group keeps each group well under the 300/min per-key limit (spec 8). */
  const freshProject = () => server.createProject({ name: 'Submit extra', origins: [ORIGIN] });

  const post = (body: unknown, options: { key?: string; headers?: Record<string, string> } = {}) =>
    postFeedback(server, options.key ?? project.secretKey, body, options.headers);

  const detail = async (id: string, key = project.secretKey) => {
    const response = await server.request(`/api/v1/feedback/${id}`, { key });
    expect(response.status).to.equal(200);
    return readJson(response);
  };

  const count = async (sql: string, params: unknown[] = []) => Number((await server.runtime.db.query<{ n: number }>(sql, params)).rows[0].n);
  const submittedEvents = (projectId: string) =>
    count(`SELECT count(*)::int AS n FROM events WHERE type = 'FeedbackSubmitted' AND data->>'projectId' = $1`, [projectId]);
  const itemRows = (projectId: string) => count(`SELECT count(*)::int AS n FROM feedback_items WHERE project_id = $1`, [projectId]);

  describe('acceptance and analysis (spec 4.1 responses, 3.1 pending → processed)', () => {
    it('answers 202 with {id, status: pending} and the item is readable right away', async () => {
      const response = await post({ text: 'The export to CSV crashes every time I click it. Please fix this bug.' });
      expect(response.status).to.equal(202);
      const body = await readJson(response);
      expect(Object.keys(body).sort()).to.deep.equal(['id', 'status']);
      expect(body.id).to.be.a('string').and.not.empty;
      expect(body.status).to.equal('pending');

      const item = await detail(body.id);
      expect(item.id).to.equal(body.id);
      expect(['pending', 'processed']).to.include(item.status);
      expect(item.text).to.equal('The export to CSV crashes every time I click it. Please fix this bug.');
    });

    it('becomes processed with an analysis inside the documented value sets', async () => {
      const texts = [
        'I absolutely love the new dashboard, it is fantastic and so fast. Thank you team!',
        'The app crashes every time I upload a photo. This is terrible and I am furious.',
        'How do I change the email address on my account?',
      ];
      for (const text of texts) {
        const response = await post({ text });
        expect(response.status).to.equal(202);
        const { id } = await readJson(response);
        const item = await waitForProcessed(server, project.secretKey, id);
        expect(item.status).to.equal('processed');
        expect(SENTIMENTS).to.include(item.sentiment);
        expect(item.sentimentScore).to.be.a('number').within(-1, 1);
        if (item.sentiment === 'positive') expect(item.sentimentScore).to.be.above(0);
        if (item.sentiment === 'negative') expect(item.sentimentScore).to.be.below(0);
        if (item.sentiment === 'neutral') expect(item.sentimentScore).to.equal(0);
        expect(FEEDBACK_TYPES).to.include(item.type);
        expect([...FEEDBACK_TYPES].sort()).to.deep.equal(['bug', 'complaint', 'feature_request', 'other', 'praise', 'question']);
        expect(item.emotions).to.be.an('array');
        for (const emotion of item.emotions) expect(EMOTIONS).to.include(emotion);
        expect(item.language).to.equal('en');
        expect(item.processedAt).to.be.a('string');
        expect(item.analysis.analyzer).to.be.a('string').and.not.empty;
        expect(item.confidence).to.be.a('number').within(0, 1);
      }
    });

    it('reads clearly positive and clearly negative texts with the right sign', async () => {
      const positive = await readJson(await post({ text: 'Wonderful product, I love it and the support team was excellent. Thanks!' }));
      const negative = await readJson(await post({ text: 'Awful experience. The app keeps crashing and I lost all my data. I hate it.' }));
      const p = await waitForProcessed(server, project.secretKey, positive.id);
      const n = await waitForProcessed(server, project.secretKey, negative.id);
      expect(p.sentiment).to.equal('positive');
      expect(p.sentimentScore).to.be.above(0);
      expect(n.sentiment).to.equal('negative');
      expect(n.sentimentScore).to.be.below(0);
    });

    it('detects another language as an ISO 639-1 code', async () => {
      const text = "L'application est très lente depuis la dernière mise à jour et je ne peux plus exporter mes factures.";
      const { id } = await readJson(await post({ text }));
      const item = await waitForProcessed(server, project.secretKey, id);
      expect(item.language).to.match(/^[a-z]{2}$/);
      expect(item.language).to.equal('fr');
    });
  });

  describe('body validation (spec 4.1 body, 7 invalid-request, 8 limits)', () => {
    it('rejects a missing text naming `text`', async () => {
      await expectInvalidField(await post({ userId: 'u1' }), 'text');
    });

    it('rejects an empty text naming `text`', async () => {
      await expectInvalidField(await post({ text: '' }), 'text');
    });

    it('rejects a whitespace-only text naming `text`', async () => {
      await expectInvalidField(await post({ text: '   \n\t  ' }), 'text');
    });

    it('rejects a text of 10,001 characters and accepts exactly 10,000', async () => {
      await expectInvalidField(await post({ text: 'a'.repeat(10_001) }), 'text');
      const words = 'lorem ipsum dolor sit amet '.repeat(400); // 10,800 chars
      const exact = words.slice(0, 9_999) + 'x';
      expect(exact).to.have.length(10_000);
      const response = await post({ text: exact });
      expect(response.status).to.equal(202);
      const { id } = await readJson(response);
      const item = await detail(id);
      expect(item.text).to.have.length(10_000);
    });

    it('rejects a non-string text naming `text`', async () => {
      await expectInvalidField(await post({ text: 42 }), 'text');
    });

    it('limits userId to 256 characters', async () => {
      await expectInvalidField(await post({ text: 'userId too long', userId: 'u'.repeat(257) }), 'userId');
      const response = await post({ text: 'userId at the limit', userId: 'u'.repeat(256) });
      expect(response.status).to.equal(202);
      const item = await detail((await readJson(response)).id);
      expect(item.userId).to.equal('u'.repeat(256));
    });

    it('limits email to 320 characters and requires an email address', async () => {
      const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
      expect(emailOf(321)).to.have.length(321);
      const tooLong = emailOf(321);
      const atLimit = await post({ text: 'email at the limit', email: emailOf(320) });
      expect(atLimit.status).to.equal(202);
      await expectInvalidField(await post({ text: 'email too long', email: tooLong }), 'email');
      await expectInvalidField(await post({ text: 'email not an email', email: 'not-an-email' }), 'email');
      await expectInvalidField(await post({ text: 'email not an email', email: 'two@@example.com' }), 'email');
      const ok = await post({ text: 'email fine', email: 'Someone@Example.com' });
      expect(ok.status).to.equal(202);
    });

    it('defaults source to `api` for a secret key, accepts `widget`, rejects `csv` and others', async () => {
      const byDefault = await post({ text: 'no source given' });
      expect(byDefault.status).to.equal(202);
      expect((await detail((await readJson(byDefault)).id)).source).to.equal('api');

      const explicitApi = await post({ text: 'source api given', source: 'api' });
      expect(explicitApi.status).to.equal(202);
      expect((await detail((await readJson(explicitApi)).id)).source).to.equal('api');

      const widget = await post({ text: 'source widget given', source: 'widget' });
      expect(widget.status).to.equal(202);
      expect((await detail((await readJson(widget)).id)).source).to.equal('widget');

      for (const source of ['csv', 'call', 'appstore', 'intercom', 'zendesk', 'API', '']) {
        await expectInvalidField(await post({ text: `source ${source}`, source }), 'source');
      }
    });

    it('rejects an unknown property and names it', async () => {
      const problem = await expectInvalidField(await post({ text: 'hello', rating: 5 }), 'rating');
      expect(problem.detail).to.include('rating');
      await expectInvalidField(await post({ text: 'hello', status: 'processed' }), 'status');
    });

    it('limits metadata to 8 KB as JSON: just over is rejected naming `metadata`, just under is kept', async () => {
      // {"blob":"…"} has 11 bytes of framing.
      const over = { blob: 'm'.repeat(8 * 1024 - 11 + 1) };
      expect(Buffer.byteLength(JSON.stringify(over))).to.equal(8 * 1024 + 1);
      await expectInvalidField(await post({ text: 'metadata too big', metadata: over }), 'metadata');

      const under = { blob: 'm'.repeat(8 * 1024 - 11 - 1) };
      expect(Buffer.byteLength(JSON.stringify(under))).to.equal(8 * 1024 - 1);
      const response = await post({ text: 'metadata just fits', metadata: under });
      expect(response.status).to.equal(202);
      const item = await detail((await readJson(response)).id);
      expect(item.metadata).to.deep.equal(under);
    });

    it('rejects metadata that is not an object', async () => {
      await expectInvalidField(await post({ text: 'metadata as list', metadata: ['a'] }), 'metadata');
      await expectInvalidField(await post({ text: 'metadata as string', metadata: 'plan=pro' }), 'metadata');
    });

    it('keeps a backfilled createdAt and rejects an invalid date-time', async () => {
      const response = await post({ text: 'from last year', createdAt: '2025-01-15T08:30:00.000Z' });
      expect(response.status).to.equal(202);
      const item = await detail((await readJson(response)).id);
      expect(item.createdAt).to.equal('2025-01-15T08:30:00.000Z');
      expect(item.receivedAt).to.be.a('string');
      expect(item.receivedAt).to.not.equal(item.createdAt);

      const offset = await post({ text: 'with an offset', createdAt: '2025-01-15T10:30:00+02:00' });
      expect(offset.status).to.equal(202);
      expect((await detail((await readJson(offset)).id)).createdAt).to.equal('2025-01-15T08:30:00.000Z');

      for (const createdAt of ['yesterday', '2025-13-45T99:00:00Z', '2025-01-15', 1736929800000]) {
        await expectInvalidField(await post({ text: 'bad date', createdAt }), 'createdAt');
      }
    });

    it('defaults createdAt to the time of receipt', async () => {
      const response = await post({ text: 'no createdAt' });
      const item = await detail((await readJson(response)).id);
      expect(item.createdAt).to.equal(item.receivedAt);
    });

    it('rejects a body that is not JSON', async () => {
      const response = await server.request('/api/v1/feedback', {
        method: 'POST',
        key: project.secretKey,
        body: '{"text": "unterminated',
      });
      expect(response.status).to.equal(400);
      expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    });

    it('rejects an Idempotency-Key of 129 characters and accepts 128', async () => {
      await expectInvalidField(await post({ text: 'long key' }, { headers: { 'Idempotency-Key': 'k'.repeat(129) } }), 'Idempotency-Key');
      const ok = await post({ text: 'key at the limit' }, { headers: { 'Idempotency-Key': 'k'.repeat(128) } });
      expect(ok.status).to.equal(202);
    });

    it('creates nothing for a rejected request', async () => {
      const own = await freshProject();
      const response = await post({ text: 'x'.repeat(10_001) }, { key: own.secretKey });
      expect(response.status).to.equal(400);
      expect(await submittedEvents(own.projectId)).to.equal(0);
      expect(await itemRows(own.projectId)).to.equal(0);
    });
  });

  describe('Idempotency-Key (spec 4.1 header, 200 replay)', () => {
    it('a replay answers 200 with the original item and creates nothing', async () => {
      const own = await freshProject();
      const headers = { 'Idempotency-Key': 'order-4711-feedback' };
      const first = await post({ text: 'Original text of the submission', metadata: { plan: 'pro' } }, { key: own.secretKey, headers });
      expect(first.status).to.equal(202);
      const { id } = await readJson(first);
      expect(await submittedEvents(own.projectId)).to.equal(1);

      const second = await post({ text: 'A different text on the retry', metadata: { plan: 'free' } }, { key: own.secretKey, headers });
      expect(second.status).to.equal(200);
      const replayed = await readJson(second);
      expect(replayed.id).to.equal(id);
      expect(replayed.text).to.equal('Original text of the submission');
      expect(replayed.metadata).to.deep.equal({ plan: 'pro' });
      expect(['pending', 'processed']).to.include(replayed.status);

      expect(await submittedEvents(own.projectId)).to.equal(1);
      expect(await itemRows(own.projectId)).to.equal(1);
      const list = await readJson(await server.request('/api/v1/feedback', { key: own.secretKey }));
      expect(list.items.map((i: { id: string }) => i.id)).to.deep.equal([id]);
    });

    it('a replay after processing returns the processed item', async () => {
      const own = await freshProject();
      const headers = { 'Idempotency-Key': 'replay-after-processing' };
      const { id } = await readJson(await post({ text: 'I love the new calendar view, great work!' }, { key: own.secretKey, headers }));
      const processed = await waitForProcessed(server, own.secretKey, id);
      const replay = await post({ text: 'I love the new calendar view, great work!' }, { key: own.secretKey, headers });
      expect(replay.status).to.equal(200);
      const body = await readJson(replay);
      expect(body.id).to.equal(id);
      expect(body.status).to.equal('processed');
      expect(body.sentiment).to.equal(processed.sentiment);
      expect(await submittedEvents(own.projectId)).to.equal(1);
    });

    it('two concurrent requests with one key create exactly one item: one 202, one 200', async () => {
      const own = await freshProject();
      const headers = { 'Idempotency-Key': 'concurrent-pair' };
      const responses = await Promise.all([
        post({ text: 'concurrent submission A' }, { key: own.secretKey, headers }),
        post({ text: 'concurrent submission B' }, { key: own.secretKey, headers }),
      ]);
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, 202]);
      const bodies = await Promise.all(responses.map((r) => readJson(r)));
      expect(new Set(bodies.map((b) => b.id)).size).to.equal(1);
      const accepted = bodies[responses.findIndex((r) => r.status === 202)];
      const replayed = bodies[responses.findIndex((r) => r.status === 200)];
      expect(replayed.text).to.equal((await detail(accepted.id, own.secretKey)).text);
      expect(await submittedEvents(own.projectId)).to.equal(1);
      expect(await itemRows(own.projectId)).to.equal(1);
    });

    it('ten concurrent requests with one key create exactly one item: one 202, nine 200', async () => {
      const own = await freshProject();
      const headers = { 'Idempotency-Key': 'concurrent-ten' };
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => post({ text: `concurrent submission ${i}` }, { key: own.secretKey, headers })));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 202)).to.have.length(1);
      expect(statuses.filter((s) => s === 200)).to.have.length(9);
      const bodies = await Promise.all(responses.map((r) => readJson(r)));
      const ids = new Set(bodies.map((b) => b.id));
      expect(ids.size).to.equal(1);
      const stored = await detail([...ids][0], own.secretKey);
      for (const body of bodies.filter((b) => b.text !== undefined)) expect(body.text).to.equal(stored.text);
      expect(await submittedEvents(own.projectId)).to.equal(1);
      expect(await itemRows(own.projectId)).to.equal(1);
    });

    it('the same key in two different projects creates two items', async () => {
      const a = await freshProject();
      const b = await freshProject();
      const headers = { 'Idempotency-Key': 'shared-key-across-projects' };
      const ra = await post({ text: 'project A text' }, { key: a.secretKey, headers });
      const rb = await post({ text: 'project B text' }, { key: b.secretKey, headers });
      expect(ra.status).to.equal(202);
      expect(rb.status).to.equal(202);
      const [ia, ib] = [(await readJson(ra)).id, (await readJson(rb)).id];
      expect(ia).to.not.equal(ib);
      expect((await detail(ia, a.secretKey)).text).to.equal('project A text');
      expect((await detail(ib, b.secretKey)).text).to.equal('project B text');
      expect(await submittedEvents(a.projectId)).to.equal(1);
      expect(await submittedEvents(b.projectId)).to.equal(1);
    });

    it('different keys in one project create different items', async () => {
      const own = await freshProject();
      const r1 = await post({ text: 'same text' }, { key: own.secretKey, headers: { 'Idempotency-Key': 'one' } });
      const r2 = await post({ text: 'same text' }, { key: own.secretKey, headers: { 'Idempotency-Key': 'two' } });
      expect([r1.status, r2.status]).to.deep.equal([202, 202]);
      expect((await readJson(r1)).id).to.not.equal((await readJson(r2)).id);
      expect(await itemRows(own.projectId)).to.equal(2);
    });

    it('without a key, identical submissions create separate items', async () => {
      const own = await freshProject();
      const r1 = await post({ text: 'identical' }, { key: own.secretKey });
      const r2 = await post({ text: 'identical' }, { key: own.secretKey });
      expect([r1.status, r2.status]).to.deep.equal([202, 202]);
      expect(await itemRows(own.projectId)).to.equal(2);
    });
  });

  describe('widget keys (spec 4.1 source, 5 authentication)', () => {
    it('submissions with a widget key from an allowed origin get source `widget` by default', async () => {
      const response = await post({ text: 'Sent from the in-app widget' }, { key: project.widgetKey, headers: { Origin: ORIGIN } });
      expect(response.status).to.equal(202);
      const { id, status } = await readJson(response);
      expect(status).to.equal('pending');
      expect((await detail(id)).source).to.equal('widget');
    });

    it('a widget key may not pose as the API (source `api`) nor backdate: 400 naming the field, nothing stored', async () => {
      const own = await freshProject();
      const posing = await post({ text: 'widget says api', source: 'api' }, { key: own.widgetKey, headers: { Origin: ORIGIN } });
      expect((await expectInvalidField(posing, 'source')).errors).to.have.length(1);
      const backdated = await post({ text: 'from last year', createdAt: '2024-01-01T00:00:00Z' }, { key: own.widgetKey, headers: { Origin: ORIGIN } });
      expect((await expectInvalidField(backdated, 'createdAt')).errors).to.have.length(1);
      const explicit = await post({ text: 'widget says widget', source: 'widget' }, { key: own.widgetKey, headers: { Origin: ORIGIN } });
      expect(explicit.status).to.equal(202);
      expect(await itemRows(own.projectId)).to.equal(1);
    });

    it('a widget key from a non-allowlisted origin gets 403 and creates nothing', async () => {
      const own = await freshProject();
      const response = await post({ text: 'from elsewhere' }, { key: own.widgetKey, headers: { Origin: 'https://evil.example.net' } });
      expect(response.status).to.equal(403);
      expect((await readJson(response)).type).to.match(/\/origin-not-allowed$/);
      expect(await itemRows(own.projectId)).to.equal(0);
    });

    it('a missing key gets 401', async () => {
      const response = await server.request('/api/v1/feedback', { method: 'POST', body: JSON.stringify({ text: 'no key' }) });
      expect(response.status).to.equal(401);
      expect((await readJson(response)).type).to.match(/\/unauthorized$/);
    });
  });
});
