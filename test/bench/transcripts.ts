/**
 * Intake of the largest transcripts (spec 4.13: 2 MB, 5,000 segments): time from request to 202,
 * over real HTTP on an embedded database, for each form a call arrives in.
 *   npx tsx test/bench/transcripts.ts
 */
import { startTestServer } from '../support/test-server.js';

const RUNS = 5;
const SENTENCE = 'the export to csv times out whenever we pick a whole year of data and nobody on our team can finish the monthly report';

const at = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** A body of 5,000 turns just under 2 MB in the given form. */
function body(form: 'text' | 'vtt' | 'segments', run: number): string {
  const turn = (i: number) => `${SENTENCE} ${SENTENCE} ${SENTENCE}`.slice(0, 330 - (i % 7));
  const common = {
    external_id: `bench-${form}-${run}`,
    owner_email: 'rep@ourcompany.example',
    attendees: [{ email: 'buyer@customer.example' }],
    duration_sec: 10_000,
  };
  const turns = Array.from({ length: 5000 }, (_, i) => ({ speaker: i % 2 ? 'Them' : 'Me', text: turn(i), start: i * 2 }));
  if (form === 'segments') return JSON.stringify({ ...common, segments: turns.map((t) => ({ speaker: t.speaker, text: t.text, start_sec: t.start })) });
  if (form === 'text') return JSON.stringify({ ...common, text: turns.map((t) => `[${at(t.start)}] ${t.speaker}: ${t.text}`).join('\n') });
  const cues = turns.map((t) => `${at(t.start)}.000 --> ${at(t.start + 2)}.000\n<v ${t.speaker}>${t.text}`);
  return JSON.stringify({ ...common, format: 'vtt', text: `WEBVTT\n\n${cues.join('\n\n')}` });
}

const server = await startTestServer({ workers: false });
try {
  const { secretKey } = await server.createProject({ name: 'Bench transcripts' });
  console.log(`Transcript intake, 5,000 turns per call, median of ${RUNS} (PGlite, real HTTP):`);
  for (const form of ['segments', 'text', 'vtt'] as const) {
    const times: number[] = [];
    let bytes = 0;
    let words = 0;
    for (let run = 0; run < RUNS; run++) {
      const payload = body(form, run);
      bytes = Buffer.byteLength(payload);
      const started = performance.now();
      const response = await server.request('/api/v1/transcripts', { method: 'POST', key: secretKey, body: payload });
      const answer = (await response.json()) as { word_count: number };
      times.push(performance.now() - started);
      if (response.status !== 202) throw new Error(`${form}: ${response.status} ${JSON.stringify(answer)}`);
      words = answer.word_count;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)];
    console.log(
      `  ${form.padEnd(8)} ${(bytes / 2 ** 20).toFixed(2)} MB, ${words.toLocaleString('en')} words: ${median.toFixed(0)} ms to the 202 ` +
        `(${Math.round(words / (median / 1000)).toLocaleString('en')} words/s)`,
    );
  }
} finally {
  await server.close();
}
