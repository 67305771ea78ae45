/**
 * Extraction throughput: the offline extractor alone (in process, the baseline), then the
 * whole process over a real database: claim the work row, record `extracting`, redact, extract, make
 * each quote a feedback item, record `done`, delete the row.
 *   npx tsx test/bench/transcript-extraction.ts
 */
import { TranscriptExtractionWorker } from '../../src/processes/transcript-extraction/resume.js';
import { extractOffline, OfflineQuoteExtractor } from '../../src/transcripts/extraction/offline-extractor.js';
import { countWords } from '../../src/transcripts/words.js';
import { loadCalls, turnsOf } from '../eval/transcripts.js';
import { startTestServer } from '../support/test-server.js';
import { conversation } from '../support/transcripts.js';

const calls = loadCalls().filter((call) => !call.internal);
const labelled = calls.map(turnsOf);
const words = (turns: ReturnType<typeof turnsOf>) => turns.reduce((sum, turn) => sum + countWords(turn.text), 0);

// Baseline: the extractor alone, every labelled call many times.
const ROUNDS = 200;
let quotes = 0;
let spoken = 0;
const started = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  for (const turns of labelled) {
    quotes += extractOffline(turns).quotes.length;
    spoken += words(turns);
  }
}
const pureSeconds = (performance.now() - started) / 1000;
const pureCalls = (ROUNDS * labelled.length) / pureSeconds;
console.log(
  `Offline extractor alone: ${pureCalls.toFixed(0)} calls/s, ${(quotes / pureSeconds).toFixed(0)} quotes/s, ` +
    `${Math.round(spoken / pureSeconds).toLocaleString('en')} words/s (${labelled.length} labelled calls × ${ROUNDS})`,
);

// The whole process: calls of 1,000+ words (a labelled call and neutral turns) through intake, then the worker.
const CALLS = 24;
const server = await startTestServer({ workers: false });
try {
  const { secretKey } = await server.createProject({ name: 'Bench extraction' });
  const padding = conversation(900, ['Rep', 'Customer']);
  for (let i = 0; i < CALLS; i++) {
    const call = calls[i % calls.length];
    const { text, segments, format } = call.body;
    const padded = segments
      ? { segments: [...segments, { speaker: 'Customer', text: padding }] }
      : { text: format === 'vtt' ? `${String(text)}\n\n01:00:00.000 --> 01:10:00.000\n<v Customer>${padding}` : `${String(text)}\n${padding}` };
    const body = { ...call.body, external_id: `bench-${i}`, ...padded };
    const response = await server.request('/api/v1/transcripts', { method: 'POST', key: secretKey, body: JSON.stringify(body) });
    if (response.status !== 202) throw new Error(`intake: ${response.status} ${await response.text()}`);
  }
  const worker = new TranscriptExtractionWorker(server.runtime, () => Promise.resolve(new OfflineQuoteExtractor()));
  const begun = performance.now();
  let done = 0;
  while ((await worker.runOnce()) > 0) done++;
  const seconds = (performance.now() - begun) / 1000;
  const made = Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM feedback_items WHERE source = 'call'`)).rows[0].n);
  const wordsDone = Number((await server.runtime.db.query<{ n: string }>(`SELECT sum(word_count) AS n FROM transcripts`)).rows[0].n);
  console.log(
    `Extraction process (PGlite, worker claiming one call at a time): ${done} calls in ${seconds.toFixed(2)} s: ${(done / seconds).toFixed(1)} calls/s, ` +
      `${(made / seconds).toFixed(1)} quotes (items)/s, ${Math.round(wordsDone / seconds).toLocaleString('en')} words/s; ` +
      `${(done / seconds / pureCalls).toFixed(4)} × the extractor alone (each quote is appended like a POST /feedback item and waited for in the read models)`,
  );
} finally {
  await server.close();
}
