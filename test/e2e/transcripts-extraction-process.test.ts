import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { transcriptDecider } from '../../src/domain/transcript/decider.js';
import { transcriptStream } from '../../src/domain/transcript/events.js';
import { foldStream, handleCommand } from '../../src/eventstore/command-handler.js';
import { emitQuotes } from '../../src/processes/transcript-extraction/emit-quotes.js';
import { TranscriptExtractionWorker } from '../../src/processes/transcript-extraction/resume.js';
import type { ExtractionWork } from '../../src/transcripts/extraction/extraction-work.js';
import { extractOffline, OfflineQuoteExtractor } from '../../src/transcripts/extraction/offline-extractor.js';
import { ExtractionFailure, type QuoteExtractor } from '../../src/transcripts/extraction/quote-extractor.js';
import { expectEventually } from '../support/eventually.js';
import { readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { conversation, CUSTOMER, getTranscript, OWNER_EMAIL, postTranscript } from '../support/transcripts.js';

const calls: { id: string; body: Record<string, unknown> }[] = JSON.parse(readFileSync(new URL('../fixtures/transcripts/calls.json', import.meta.url), 'utf8'));
const onboarding = calls.find((c) => c.id === 'boardly-onboarding-en')!;

/** The extraction process step by step (workers off, the worker driven by the test): crash resumption and failures (spec 3.2). */
describe('transcript extraction process: resumes after a crash, fails with a code (spec 3.2)', () => {
  let server: TestServer;
  let project: TestProject;
  let sequence = 0;

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Extraction process' });
  });
  after(() => server.close());

  const queue = async () => {
    const body = {
      external_id: `process-${++sequence}`,
      owner_email: OWNER_EMAIL,
      attendees: [CUSTOMER],
      ...onboarding.body,
      text: `${String(onboarding.body.text)}\n${conversation(900, ['Sam Rivera', 'Priya'])}`,
    };
    const accepted = await readJson(await postTranscript(server, project.secretKey, body));
    expect(accepted.status).to.equal('queued');
    return accepted.id as string;
  };
  const workerWith = (extractor: QuoteExtractor) => new TranscriptExtractionWorker(server.runtime, () => Promise.resolve(extractor), { maxAttempts: 2 });
  const transcript = async (id: string) => readJson(await getTranscript(server, project.secretKey, id));
  const workRows = async () => (await server.runtime.db.query(`SELECT 1 FROM transcript_extractions`)).rows.length;
  const itemsOf = async (id: string) =>
    (await server.runtime.db.query(`SELECT 1 FROM feedback_items WHERE source = 'call' AND metadata->>'transcript_id' = $1`, [id])).rows.length;

  it('a worker that died after making some items: the next one makes no second copy and ends it done', async () => {
    const id = await queue();
    const row = await server.runtime.db.query<{ work: ExtractionWork }>(`SELECT work FROM transcript_extractions WHERE transcript_id = $1`, [id]);
    const work = row.rows[0].work;
    // What the dead worker had done: extracting recorded, the first two quotes made into items.
    await handleCommand(
      server.runtime.store,
      transcriptStream(id),
      transcriptDecider,
      { type: 'StartExtraction', now: new Date().toISOString() },
      { context: testContext() },
    );
    const state = foldStream(transcriptDecider, await server.runtime.store.readStream(transcriptStream(id)));
    const quotes = extractOffline(work.turns).quotes;
    expect(quotes.length).to.be.greaterThan(2);
    await emitQuotes(server.runtime, state.received!, work, quotes.slice(0, 2), testContext());
    expect(await transcript(id)).to.include({ status: 'extracting' });
    expect(await workerWith(new OfflineQuoteExtractor()).runOnce()).to.equal(1);
    expect(await transcript(id)).to.include({ status: 'done', signal_count: quotes.length });
    expect(await itemsOf(id)).to.equal(quotes.length);
    expect(await workRows()).to.equal(0);
  });

  it('an extractor failure with a code ends it failed with that code at once, the work row gone', async () => {
    const id = await queue();
    const refusing: QuoteExtractor = { name: 'refusing', extract: () => Promise.reject(new ExtractionFailure('schema_refused')) };
    await workerWith(refusing).runOnce();
    const detail = await transcript(id);
    expect(detail).to.include({ status: 'failed', failure_reason: 'schema_refused', signal_count: 0 });
    expect(detail).to.have.property('extracted_at');
    expect(await workRows()).to.equal(0);
  });

  it('any other error is retried, and after the last attempt ends failed extraction_error', async () => {
    const id = await queue();
    const broken: QuoteExtractor = { name: 'broken', extract: () => Promise.reject(new Error('boom')) };
    const worker = workerWith(broken);
    await worker.runOnce();
    // The failed attempt does not wait for the read models (on a PostgreSQL server they follow a moment later).
    await expectEventually(async () => expect(await transcript(id)).to.include({ status: 'extracting' }), { intervalMs: 100 });
    expect(await workRows()).to.equal(1);
    await server.runtime.db.query(`UPDATE transcript_extractions SET available_at = now() - interval '1 second'`);
    await worker.runOnce();
    expect(await transcript(id)).to.include({ status: 'failed', failure_reason: 'extraction_error' });
    expect(await workRows()).to.equal(0);
  });

  it('a work row whose intake never appended (a 500) is dropped after a minute; a fresh one waits', async () => {
    const work: ExtractionWork = { turns: [{ speaker: 'them', text: 'orphan text', startSec: null }], knownNames: [], customerEmail: null };
    await server.runtime.db.query(
      `INSERT INTO transcript_extractions (transcript_id, project_id, work, enqueued_at, available_at) VALUES ('tr_orphan', $1, $2, now(), now() - interval '1 second')`,
      [project.projectId, JSON.stringify(work)],
    );
    const worker = workerWith(new OfflineQuoteExtractor());
    await worker.runOnce();
    expect(await workRows()).to.equal(1);
    await server.runtime.db.query(`UPDATE transcript_extractions SET enqueued_at = now() - interval '61 seconds', available_at = now() - interval '1 second'`);
    await worker.runOnce();
    expect(await workRows()).to.equal(0);
  });
});
