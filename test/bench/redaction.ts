/**
 * Throughput of the redactor: the labelled feedback texts one at a time, texts at the 10,000-character
 * limit, and hostile inputs built to make pattern matching backtrack.
 *
 *   npx tsx test/bench/redaction.ts
 */
import { readFileSync } from 'node:fs';
import { redact } from '../../src/analysis/redaction/index.js';

const FIXTURE = new URL('../fixtures/redaction/cases.jsonl', import.meta.url);
const MAX_TEXT = 10_000;

// CPU time of this process rather than wall time: the figures then move less with other load on the machine.
function timeEach(texts: string[], minMs: number): { perSecond: number; msPerKb: number } {
  let runs = 0;
  let chars = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - t0 < minMs) {
    for (const text of texts) {
      redact(text);
      chars += text.length;
    }
    runs += texts.length;
  }
  const cpu = process.cpuUsage(cpu0);
  const ms = (cpu.user + cpu.system) / 1000;
  return { perSecond: (runs / ms) * 1000, msPerKb: ms / (chars / 1000) };
}

function fill(unit: string): string {
  return unit.repeat(Math.ceil(MAX_TEXT / unit.length)).slice(0, MAX_TEXT);
}

const feedback = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => (JSON.parse(l) as { text: string }).text);
const long = [fill(feedback.join(' '))];
const hostile = [
  fill('1 '),
  fill('a '),
  fill('a.'),
  fill('Ab '),
  fill('1-'),
  fill('x@'),
  fill('&#64;'),
  fill('eyJ.'),
  fill('one '),
  fill('?a=b&'),
  fill('我叫'),
  fill('Ik ben '),
];

timeEach(feedback, 500); // warm-up: compromise's lexicon and the regex caches
const rows: Array<[string, ReturnType<typeof timeEach>]> = [
  [`feedback texts (${feedback.length}, one at a time)`, timeEach(feedback, 3000)],
  ['10,000-character feedback text', timeEach(long, 3000)],
  [`hostile 10,000-character texts (${hostile.length})`, timeEach(hostile, 3000)],
];
console.log('redaction');
for (const [label, r] of rows) {
  console.log(`  ${label.padEnd(44)} ${Math.round(r.perSecond).toLocaleString('en').padStart(7)} texts per CPU-second   ${r.msPerKb.toFixed(3)} CPU-ms/KB`);
}
for (const text of hostile) {
  const t0 = performance.now();
  redact(text);
  const ms = performance.now() - t0;
  if (ms > 250) console.log(`  SLOW hostile text starting ${JSON.stringify(text.slice(0, 12))}: ${ms.toFixed(0)} ms`);
}
