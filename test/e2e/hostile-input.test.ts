import { expect } from 'chai';
import { readJson } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { testContext } from '../support/test-context.js';
import { createProject } from '../../commands/create-project/handler.js';

/**
 * Issue 7: inputs that passed validation but that storage refused took the service down or failed
 * with 500. Each is now a 400 problem+json naming the field, with no state change, and the service
 * keeps answering.
 */
describe('hostile input is refused at the edge (issue 7)', () => {
  const ORIGIN = 'https://app.example.com';
  let server: TestServer;
  let project: { projectId: string; secretKey: string; widgetKey: string };

  before(async () => {
    // No workers: "nothing is stored" counts the log, which analysis of earlier items would grow meanwhile.
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Hostile', origins: [ORIGIN] });
  });
  after(() => server.close());

  const post = (body: unknown, key = project.secretKey, headers: Record<string, string> = {}) =>
    server.request('/api/v1/feedback', { method: 'POST', key, body: JSON.stringify(body), headers });
  const storedEvents = async () => Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);

  async function expectRefused(response: Response, field: string): Promise<{ field: string; message: string }> {
    expect(response.status, `status for ${field}`).to.equal(400);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const problem = await readJson(response);
    expect(problem.type).to.match(/\/invalid-request$/);
    const named = problem.errors.find((error: { field: string }) => error.field === field);
    expect(named, `errors ${JSON.stringify(problem.errors)} name ${field}`).to.not.equal(undefined);
    return named;
  }

  async function expectStillServing(): Promise<void> {
    const ping = await server.request('/api/v1/ping', { key: project.secretKey });
    expect(ping.status).to.equal(200);
    const accepted = await post({ text: 'The export works again, thanks' });
    expect(accepted.status).to.equal(202);
    const listed = await server.request('/api/v1/feedback?limit=1', { key: project.secretKey });
    expect((await readJson(listed)).items[0].id).to.equal((await readJson(accepted)).id);
  }

  describe('date-times storage cannot hold (observation 1: one request took the service down for good)', () => {
    const outOfRange = [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00', // the offset moves it before year 1
      '9999-12-31T23:30:00-01:00', // and this one past 9999
      '2024-02-30T10:00:00Z', // was stored as 1 March
      '2024-13-01T10:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00:60Z',
      '2024-01-01T10:00:00+24:00',
      '1969-12-31T23:59:59Z', // before the documented range for createdAt
      '2999-01-01T00:00:00Z', // more than 24 h ahead
      '2024-01-01',
      '2024-01-01 10:00:00Z',
    ];
    for (const createdAt of outOfRange) {
      it(`createdAt ${createdAt} is a 400 naming createdAt, nothing is stored`, async () => {
        const before = await storedEvents();
        const named = await expectRefused(await post({ text: 'Backfilled from our old tool', createdAt }), 'createdAt');
        expect(named.message).to.match(/date|year|between|RFC 3339/i);
        expect(await storedEvents()).to.equal(before);
      });
    }

    it('the service keeps answering and storing after all of them', expectStillServing);

    it('a valid backfill with an offset is stored as its UTC instant, with the leap day', async () => {
      const response = await post({ text: 'Backfilled leap day', createdAt: '2024-02-29T23:30:00-01:00' });
      expect(response.status).to.equal(202);
      const item = await readJson(await server.request(`/api/v1/feedback/${(await readJson(response)).id}`, { key: project.secretKey }));
      expect(item.createdAt).to.equal('2024-03-01T00:30:00.000Z');
    });

    it('a list cursor before year 1 is a 400 naming before, not a 500', async () => {
      const response = await server.request(`/api/v1/feedback?before=${encodeURIComponent('0000-06-01T00:00:00Z')}`, { key: project.secretKey });
      await expectRefused(response, 'before');
    });
  });

  describe('strings storage cannot hold (observation 2: NUL and lone surrogates gave 500)', () => {
    const cases: [string, unknown, string][] = [
      ['NUL in text', { text: 'It crashes\u0000 on save' }, 'text'],
      ['a lone high surrogate in text (cut mid-emoji)', { text: 'Love it \ud83d' }, 'text'],
      ['a lone low surrogate in text', { text: '\ude00 odd' }, 'text'],
      ['NUL in userId', { text: 'Hello', userId: 'u\u0000' }, 'userId'],
      ['NUL in a metadata value', { text: 'Hello', metadata: { plan: 'pro\u0000' } }, 'metadata.plan'],
      ['a lone surrogate deep in metadata', { text: 'Hello', metadata: { page: { tags: ['ok', 'x\udc00'] } } }, 'metadata.page.tags.1'],
      ['NUL in a metadata key', { text: 'Hello', metadata: { 'pl\u0000an': 'pro' } }, 'metadata.pl\uFFFDan'],
      ['NUL in email', { text: 'Hello', email: 'ana\u0000@example.com' }, 'email'],
    ];
    for (const [name, body, field] of cases) {
      it(`${name} is a 400 naming ${field}; nothing is stored`, async () => {
        const before = await storedEvents();
        const named = await expectRefused(await post(body), field);
        expect(named.message).to.match(/NUL|surrogate/);
        expect(await storedEvents()).to.equal(before);
      });
    }

    it('NUL in a query value (search q, list cluster) is a 400 naming the parameter', async () => {
      await expectRefused(await server.request('/api/v1/search?q=export%00csv', { key: project.secretKey }), 'q');
      await expectRefused(await server.request('/api/v1/feedback?cluster=cl%00x', { key: project.secretKey }), 'cluster');
    });

    it('NUL in a path value is a 400 naming id', async () => {
      await expectRefused(await server.request('/api/v1/feedback/fb_%00', { key: project.secretKey }), 'id');
      await expectRefused(await server.request('/api/v1/clusters/cl_%00', { key: project.secretKey }), 'id');
    });

    it('the service keeps answering and storing after all of them', expectStillServing);
  });

  describe('deep nesting (observation 4: 4,000 levels overflowed the stack)', () => {
    it('metadata nested 4,000 levels deep is a 400 naming metadata', async () => {
      let nested: unknown = 'leaf';
      for (let i = 0; i < 4000; i++) nested = { a: nested };
      const named = await expectRefused(await post({ text: 'Deep', metadata: { deep: nested } }), 'metadata');
      expect(named.message).to.match(/nested at most 10 levels/);
    });

    it('metadata nested 10 levels is accepted; 11 is not', async () => {
      const nest = (levels: number) => {
        let value: unknown = 'leaf';
        for (let i = 0; i < levels; i++) value = { a: value };
        return value as Record<string, unknown>;
      };
      expect((await post({ text: 'Ten levels', metadata: nest(10) })).status).to.equal(202);
      await expectRefused(await post({ text: 'Eleven levels', metadata: nest(11) }), 'metadata');
    });

    it('a deeply nested array in any other field is a 400, not a crash', async () => {
      const body = `{"text":"x","userId":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const response = await server.request('/api/v1/feedback', { method: 'POST', key: project.secretKey, body });
      await expectRefused(response, 'userId');
    });

    it('the service keeps answering and storing', expectStillServing);
  });

  describe('bytes that are not UTF-8 (they were stored as U+FFFD)', () => {
    const postBytes = (path: string, bytes: Uint8Array, key = project.secretKey) => server.request(path, { method: 'POST', key, body: bytes });
    const bytesOf = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

    const cases: [string, Buffer, string][] = [
      ['a lone continuation byte in text', bytesOf('{"text":"Broken ', [0x80], ' export"}'), 'text'],
      ['a Latin-1 byte deep in metadata', bytesOf('{"text":"Hello","metadata":{"page":{"tags":["ok","caf', [0xe9], '"]}}}'), 'metadata.page.tags.1'],
      ['an overlong encoding of "/" in userId', bytesOf('{"text":"Hello","userId":"u', [0xc0, 0xaf], '"}'), 'userId'],
      ['an encoded surrogate (CESU-8) in text', bytesOf('{"text":"x', [0xed, 0xa0, 0xbd], '"}'), 'text'],
      ['a character cut at the end of text', bytesOf('{"text":"Love it ', [0xf0, 0x9f, 0x98], '"}'), 'text'],
      ['a bad byte in a metadata key', bytesOf('{"text":"Hello","metadata":{"pl', [0xff], 'an":"pro"}}'), 'metadata.pl\uFFFDan'],
    ];
    for (const [name, bytes, field] of cases) {
      it(`${name} is a 400 naming ${field}; nothing is stored`, async () => {
        const before = await storedEvents();
        const response = await postBytes('/api/v1/feedback', bytes);
        const named = await expectRefused(response, field);
        expect(named.message).to.match(/not valid UTF-8/);
        expect(await storedEvents()).to.equal(before);
      });
    }

    it('a bad byte outside any string names the body', async () => {
      const named = await expectRefused(await postBytes('/api/v1/feedback', bytesOf('{"text":"Hello"', [0xff], '}')), '(body)');
      expect(named.message).to.match(/not valid UTF-8/);
    });

    it('valid multi-byte text, a literal U+FFFD and a byte order mark are accepted', async () => {
      const response = await postBytes('/api/v1/feedback', bytesOf([0xef, 0xbb, 0xbf], '{"text":"Läuft 😀 \uFFFD and � fine"}'));
      expect(response.status).to.equal(202);
    });

    it('other routes refuse them too (identify, transcripts)', async () => {
      await expectRefused(await postBytes('/api/v1/users/identify', bytesOf('{"userId":"u1","traits":{"plan":"pr', [0xfe], '"}}')), 'traits.plan');
      const transcript = bytesOf('{"external_id":"call-utf8","segments":[{"speaker":"them","text":"hi ', [0xc3], '"}]}');
      await expectRefused(await postBytes('/api/v1/transcripts', transcript), 'segments.0.text');
    });
  });

  describe('numbers beyond a double (1e309 was stored as null)', () => {
    const postText = (path: string, json: string) => server.request(path, { method: 'POST', key: project.secretKey, body: json });
    const cases: [string, string, string, string][] = [
      ['a metadata number', '/api/v1/feedback', '{"text":"Hello","metadata":{"score":1e309}}', 'metadata.score'],
      ['a negative one deep in metadata', '/api/v1/feedback', '{"text":"Hello","metadata":{"a":{"b":[1,-1e400]}}}', 'metadata.a.b.1'],
      ['a user trait', '/api/v1/users/identify', '{"userId":"u1","traits":{"seats":1e309}}', 'traits.seats'],
      [
        'a transcript start_sec',
        '/api/v1/transcripts',
        '{"external_id":"call-inf","segments":[{"speaker":"them","text":"hi","start_sec":1e309}]}',
        'segments.0.start_sec',
      ],
      ['a transcript duration_sec', '/api/v1/transcripts', '{"external_id":"call-inf","text":"Them: hi","duration_sec":1e999}', 'duration_sec'],
    ];
    for (const [name, path, json, field] of cases) {
      it(`${name} is a 400 naming ${field}; nothing is stored`, async () => {
        const before = await storedEvents();
        const named = await expectRefused(await postText(path, json), field);
        expect(named.message).to.match(/finite number/);
        expect(await storedEvents()).to.equal(before);
      });
    }

    it("a project's customer-value trait (the value mark) is a 400 naming it", async () => {
      const valued = await createProject(server.runtime, { name: 'Valued', settings: { customerValueTrait: 'revenue' } }, testContext());
      const response = await server.request('/api/v1/users/identify', {
        method: 'POST',
        key: valued.secretKey,
        body: '{"userId":"u1","traits":{"revenue":1e309}}',
      });
      const named = await expectRefused(response, 'traits.revenue');
      expect(named.message).to.match(/finite number/);
    });

    it('the largest finite numbers are still accepted', async () => {
      expect((await postText('/api/v1/feedback', '{"text":"Hello","metadata":{"score":1.7976931348623157e308,"tiny":1e-400}}')).status).to.equal(202);
    });

    it('the service keeps answering and storing after all of them', expectStillServing);
  });

  describe('smaller rules (observation 7)', () => {
    it('text length counts characters, not UTF-16 units: 10,000 emoji are accepted, 10,001 are not', async () => {
      expect((await post({ text: '😀'.repeat(10_000) })).status).to.equal(202);
      const named = await expectRefused(await post({ text: '😀'.repeat(10_001) }), 'text');
      expect(named.message).to.equal('must be at most 10000 characters');
    });

    it('a text of only zero-width or control characters is refused', async () => {
      for (const text of ['\u200b\u200b\u200b', '\u200c\u200d\ufeff', '\u2060 \u00ad', '\u0001\u0002']) {
        await expectRefused(await post({ text }), 'text');
      }
      expect((await post({ text: '👍' })).status).to.equal(202);
    });

    it('a metadata key that could never be filtered (empty, invisible, with ":") is refused', async () => {
      await expectRefused(await post({ text: 'Hello', metadata: { '': 'x' } }), 'metadata.(empty key)');
      await expectRefused(await post({ text: 'Hello', metadata: { '\u200b': 'x' } }), 'metadata.\u200b');
      await expectRefused(await post({ text: 'Hello', metadata: { 'utm:source': 'x' } }), 'metadata.utm:source');
      await expectRefused(await post({ text: 'Hello', metadata: { ['k'.repeat(101)]: 'x' } }), `metadata.${'k'.repeat(100)}…`);
    });

    it('an enum error lists the allowed values', async () => {
      const named = await expectRefused(await post({ text: 'Hello', source: 'email' }), 'source');
      expect(named.message).to.equal('must be one of "api", "widget"');
    });

    it('an unknown property with a huge name is named, shortened', async () => {
      const response = await post({ text: 'Hello', ['x'.repeat(5000)]: 1 });
      const named = await expectRefused(response, `${'x'.repeat(100)}…`);
      expect(named.message).to.equal('Unexpected property');
    });
  });
});
