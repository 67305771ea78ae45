import { expect } from 'chai';
import { readJson, type TestProject } from '../support/http.js';
import { LogCapture } from '../support/log-capture.js';
import { TranscriptExtractionWorker } from '../../src/processes/transcript-extraction/resume.js';
import { OfflineQuoteExtractor } from '../../src/transcripts/extraction/offline-extractor.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { callBody, conversation, getTranscript, postTranscript } from '../support/transcripts.js';

/**
 * Spec 4.13 and 8: every field within its bounds or a 400 naming it, with nothing stored; hostile
 * input the same. Privacy: the transcript text and the attendees' names are in no
 * event, no table and no log line.
 */
describe('POST /api/v1/transcripts: bounds, hostile input and privacy (spec 4.13, 8)', () => {
  let server: TestServer;
  let project: TestProject;
  const log = new LogCapture();
  let sequence = 0;
  const nextId = () => `input-${++sequence}`;

  before(async () => {
    server = await startTestServer({ workers: false, env: { LOG_LEVEL: 'trace' }, logStream: log });
    project = await server.createProject({ name: 'Inputs' });
  });
  after(() => server.close());

  const post = (body: unknown) => postTranscript(server, project.secretKey, body);
  const storedEvents = async () => Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);

  async function expectRefused(response: Response, field: string): Promise<void> {
    expect(response.status, `status for ${field}`).to.equal(400);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const problem = await readJson(response);
    expect(problem.type).to.match(/\/invalid-request$/);
    expect(
      problem.errors.map((error: { field: string }) => error.field),
      JSON.stringify(problem.errors),
    ).to.include(field);
  }

  const cases: [string, Record<string, unknown>, string][] = [
    ['external_id missing', { external_id: undefined }, 'external_id'],
    ['external_id empty', { external_id: '' }, 'external_id'],
    ['external_id of 201 characters', { external_id: 'e'.repeat(201) }, 'external_id'],
    ['external_id a number', { external_id: 5 }, 'external_id'],
    ['segments not an array', { text: undefined, segments: 'Them: hi' }, 'segments'],
    ['segments empty', { text: undefined, segments: [] }, 'segments'],
    ['5,001 segments', { text: undefined, segments: Array.from({ length: 5001 }, () => ({ speaker: 'Them', text: 'hi' })) }, 'segments'],
    ['a segment without speaker', { text: undefined, segments: [{ text: 'hi' }] }, 'segments.0.speaker'],
    ['a segment with empty text', { text: undefined, segments: [{ speaker: 'Them', text: '' }] }, 'segments.0.text'],
    ['a segment of 20,001 characters', { text: undefined, segments: [{ speaker: 'Them', text: 'a'.repeat(20_001) }] }, 'segments.0.text'],
    ['a negative start_sec', { text: undefined, segments: [{ speaker: 'Them', text: 'hi', start_sec: -1 }] }, 'segments.0.start_sec'],
    ['a segment with an unknown field', { text: undefined, segments: [{ speaker: 'Them', text: 'hi', mood: 'sad' }] }, 'segments.0.mood'],
    ['text empty', { text: '' }, 'text'],
    ['text of white space only', { text: ' \n\t ' }, 'text'],
    ['text an object', { text: { deep: true } }, 'text'],
    ['format unknown', { format: 'srt' }, 'format'],
    ['title of 201 characters', { title: 't'.repeat(201) }, 'title'],
    ['started_at not a date-time', { started_at: 'yesterday' }, 'started_at'],
    ['started_at before 1970', { started_at: '1969-12-31T23:59:59Z' }, 'started_at'],
    ['duration_sec negative', { duration_sec: -1 }, 'duration_sec'],
    ['duration_sec a fraction', { duration_sec: 1.5 }, 'duration_sec'],
    ['language of 3 letters', { language: 'eng' }, 'language'],
    ['language not ISO 639-1', { language: 'xx' }, 'language'],
    ['url not https', { url: 'http://calls.example.com/1' }, 'url'],
    ['url not a URL', { url: 'call 1' }, 'url'],
    ['url of 501 characters', { url: `https://calls.example.com/${'u'.repeat(475)}` }, 'url'],
    ['owner_email not an email', { owner_email: 'sam' }, 'owner_email'],
    ['folder of 101 characters', { folder: 'f'.repeat(101) }, 'folder'],
    ['51 attendees', { attendees: Array.from({ length: 51 }, (_, i) => ({ email: `a${i}@customer.example` })) }, 'attendees'],
    ['an attendee email not an email', { attendees: [{ email: 'dana' }] }, 'attendees.0.email'],
    ['attendee external not a boolean', { attendees: [{ name: 'Dana', external: 'yes' }] }, 'attendees.0.external'],
    ['attendees an object', { attendees: { name: 'Dana' } }, 'attendees'],
    ['an unknown field', { transcript: 'hi' }, 'transcript'],
  ];

  describe('spec 8 bounds and types: 400 naming the field, nothing stored', () => {
    for (const [name, overrides, field] of cases) {
      it(`${name} → 400 naming ${field}`, async () => {
        const before = await storedEvents();
        await expectRefused(await post(callBody(nextId(), overrides)), field);
        expect(await storedEvents()).to.equal(before);
      });
    }

    it('the bounds themselves are accepted', async () => {
      const response = await post(
        callBody('e'.repeat(200), {
          title: 't'.repeat(200),
          folder: 'f'.repeat(100),
          url: `https://calls.example.com/${'u'.repeat(474)}`,
          language: 'DE',
          duration_sec: 0,
          attendees: Array.from({ length: 50 }, (_, i) => ({ email: `a${i}@customer.example` })),
        }),
      );
      expect(response.status).to.equal(202);
    });
  });

  describe('hostile input: 400 naming the field, nothing stored, the service keeps answering', () => {
    const hostile: [string, string, string][] = [
      ['NUL in the text', JSON.stringify(callBody('h1', { text: `Them: hello\u0000 there\n${conversation(900)}` })), 'text'],
      ['a lone surrogate in the title', JSON.stringify(callBody('h2', { title: 'Sync \ud83d' })), 'title'],
      [
        'a lone surrogate in a segment',
        JSON.stringify(callBody('h3', { text: undefined, segments: [{ speaker: 'Them', text: 'cut \udc00' }] })),
        'segments.0.text',
      ],
      ['NUL in an attendee name', JSON.stringify(callBody('h4', { attendees: [{ name: 'Da\u0000na', external: true }] })), 'attendees.0.name'],
      ['NUL in external_id', JSON.stringify(callBody('h5\u0000')), 'external_id'],
      [
        'deeply nested segments',
        JSON.stringify(callBody('h6', { text: undefined, segments: 'DEEP' })).replace('"DEEP"', '['.repeat(5000) + ']'.repeat(5000)),
        'segments.0',
      ],
      [
        'WebVTT tags nested 200,000 deep',
        JSON.stringify(callBody('h8', { format: 'vtt', text: `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'<b>'.repeat(200_000)}` })),
        'text',
      ],
      ['a body that is an array', '[1, 2, 3]', '(body)'],
      ['broken JSON', '{"external_id": "h7", "text": "Them: hi', '(body)'],
    ];
    for (const [name, raw, field] of hostile) {
      it(`${name} → 400 naming ${field}`, async () => {
        const before = await storedEvents();
        await expectRefused(await post(raw), field);
        expect(await storedEvents()).to.equal(before);
      });
    }

    it('after all of them the service still records calls', async () => {
      expect((await post(callBody(nextId()))).status).to.equal(202);
    });
  });

  describe('privacy: the transcript text and the attendees are stored and logged nowhere', () => {
    const SPOKEN = 'Quokkaberry telemetry dashboard';
    const SPEAKER = 'Ximena Throckwold';
    const ATTENDEE = 'Zelda Quintrell';
    const EMAIL = 'zelda.quintrell@customer.example';
    const OWNER = 'Bartholomew Fenwright';
    let id: string;

    it('calls in every form carrying them are recorded', async () => {
      const text = `Me: hello\n${SPEAKER}: we looked at the ${SPOKEN} together\n${conversation(1000)}`;
      const attendees = [{ name: ATTENDEE, email: EMAIL }];
      const common = { owner_name: OWNER, attendees, title: `Sync with ${ATTENDEE} and ${SPEAKER}` };
      const sent = await post({ ...callBody('private-text'), ...common, text });
      expect(sent.status).to.equal(202);
      id = (await readJson(sent)).id;
      const vtt = `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v ${SPEAKER}>${SPOKEN} again\n\n00:00:04.000 --> 00:00:05.000\n<v ${OWNER}>noted`;
      expect((await post({ ...callBody('private-vtt'), ...common, format: 'vtt', text: vtt })).status).to.equal(202);
      const segments = [
        { speaker: SPEAKER, text: `the ${SPOKEN} is slow` },
        { speaker: OWNER, text: 'thanks' },
      ];
      expect((await post({ ...callBody('private-segments'), ...common, text: undefined, segments })).status).to.equal(202);
      expect((await post({ ...callBody('private-bad'), ...common, text: `Me: ${SPOKEN}\n[00:99:00] Them: x` })).status).to.equal(400);
    });

    it('the title is kept with the names removed', async () => {
      const row = await server.runtime.db.query<{ title: string }>(`SELECT title FROM transcripts WHERE transcript_id = $1`, [id]);
      expect(row.rows[0].title).to.equal('Sync with [name] and [name]');
      expect(Object.keys(await readJson(await getTranscript(server, project.secretKey, id)))).to.not.include('text');
    });

    it('until extracted, the text is only in the work row of the queued call; extraction deletes the row', async () => {
      const rows = await server.runtime.db.query<{ work: string }>(`SELECT work::text FROM transcript_extractions WHERE transcript_id = $1`, [id]);
      expect(rows.rows[0].work).to.include(SPOKEN);
      const worker = new TranscriptExtractionWorker(server.runtime, () => Promise.resolve(new OfflineQuoteExtractor()));
      while ((await worker.runOnce()) > 0);
      expect((await server.runtime.db.query(`SELECT 1 FROM transcript_extractions`)).rows).to.have.length(0);
      expect(await readJson(await getTranscript(server, project.secretKey, id))).to.include({ status: 'done', signal_count: 0 });
    });

    it('after extraction no event, no table and no log line holds the text, a speaker label, an attendee or the owner', async () => {
      const needles = [SPOKEN, 'Quokkaberry', SPEAKER, 'Throckwold', ATTENDEE, 'Quintrell', EMAIL, OWNER, 'Fenwright', 'word42'];
      const events = await server.runtime.db.query<{ row: string }>(`SELECT row_to_json(e)::text AS row FROM events e`);
      const tables = await server.runtime.db.query<{ schemaname: string; tablename: string }>(
        `SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.rows.map((t) => t.tablename)).to.include.members(['events', 'transcripts']);
      const everything = [events.rows.map((r) => r.row).join('\n')];
      for (const { schemaname, tablename } of tables.rows) {
        const rows = await server.runtime.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${schemaname}"."${tablename}" t`);
        everything.push(rows.rows.map((r) => r.row).join('\n'));
      }
      expect(log.lines.length).to.be.greaterThan(3);
      for (const needle of needles) {
        expect(everything.join('\n'), `stored: ${needle}`).to.not.include(needle);
        expect(log.text, `logged: ${needle}`).to.not.include(needle);
      }
    });
  });
});
