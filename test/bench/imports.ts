/**
 * feedbackctl import on a generated file (100,000 rows unless IMPORT_BENCH_ROWS says otherwise):
 * rows per second through the submit-feedback command, against a dry run of the same file (read,
 * parse, map and validate every row, submit none) measured in the same run, and the largest heap
 * seen while importing (memory stays flat as the file grows).
 *   npx tsx test/bench/imports.ts
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { badRowList } from '../../src/imports/bad-row-report.js';
import { importFeedbackFile, type ImportOptions } from '../../src/imports/import-feedback-file.js';
import { startTestServer } from '../support/test-server.js';
import { testContext } from '../support/test-context.js';

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);
const PHRASES = [
  'Export to PDF times out on long reports',
  'Die Suche findet nichts, wenn ein Umlaut im Wort ist',
  'Please add a dark mode, my eyes hurt at night',
  'La synchronisation avec le calendrier saute des rendez-vous',
  'Billing charged me twice this month, call me on +44 7700 900123',
];

async function writeRows(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write('id,Comment,User,Date,Plan\n');
  for (let i = 0; i < ROWS; i++) {
    const line = `r-${i},"${PHRASES[i % PHRASES.length]} (case ${i})",u-${i % 5000},2025-0${1 + (i % 9)}-1${i % 10} 10:${String(i % 60).padStart(2, '0')}:00,${i % 3 ? 'pro' : 'free'}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

const dir = mkdtempSync(path.join(tmpdir(), 'import-bench-'));
const file = path.join(dir, 'feedback.csv');
const server = await startTestServer({ workers: false });
try {
  await writeRows(file);
  const { projectId } = await server.createProject({ name: 'Bench imports' });
  const options: ImportOptions = {
    projectId,
    path: file,
    format: 'csv',
    map: 'text=Comment,userId=User,createdAt=Date,meta.plan=Plan',
    badRows: badRowList(10),
  };
  const timed = async (dryRun: boolean) => {
    let heapPeak = 0;
    const started = performance.now();
    const summary = await importFeedbackFile(
      server.runtime,
      { ...options, dryRun, onProgress: () => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)) },
      testContext(),
    );
    const seconds = (performance.now() - started) / 1000;
    return { summary, seconds, perSecond: summary.rows / seconds, heapPeak };
  };
  const dry = await timed(true);
  const real = await timed(false);
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  console.log(`feedbackctl import, ${ROWS.toLocaleString('en')} rows (${mb(statSync(file).size)} CSV), PGlite in memory, in process:`);
  console.log(
    `  dry run (read, parse, map, validate; baseline)  ${Math.round(dry.perSecond).toLocaleString('en').padStart(7)} rows/s  heap peak ${mb(dry.heapPeak)}`,
  );
  console.log(
    `  import (redact, append, project)                ${Math.round(real.perSecond).toLocaleString('en').padStart(7)} rows/s  heap peak ${mb(real.heapPeak)}` +
      `  (${real.summary.imported.toLocaleString('en')} new, ${real.seconds.toFixed(0)} s)`,
  );
  console.log(`  import throughput = ${(real.perSecond / dry.perSecond).toFixed(3)} × dry run`);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
