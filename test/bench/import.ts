/**
 * History imports end to end: a generated CSV (10,000 and 100,000 rows unless IMPORT_E2E_ROWS lists
 * other sizes) imported into the running service (embedded database, workers on, as `npm start`),
 * timed until every item is processed with a theme, against the analyzer alone on the same texts in
 * the same run (its thread count as the service's), with the service's peak resident memory.
 *   npx tsx test/bench/import.ts
 */
import { readdirSync, readFileSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { ANALYSIS_BATCH, ANALYSIS_BATCHES_IN_FLIGHT } from '../../src/work/analysis-worker.js';
import { startChild } from './child.js';

const SIZES = (process.env.IMPORT_E2E_ROWS ?? '10000,100000').split(',').map(Number);
const THREADS = Number(process.env.ANALYZER_THREADS ?? 1);
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'clustering');

/** Customer texts of the tuning sets (several products and languages); each row varies one by an order number. */
function baseTexts(): string[] {
  const texts: string[] = [];
  for (const folder of ['first-week', 'generalisation', 'generalisation-2']) {
    for (const file of readdirSync(path.join(FIXTURES, folder)).filter((name) => name.endsWith('.jsonl'))) {
      for (const line of readFileSync(path.join(FIXTURES, folder, file), 'utf8')
        .split('\n')
        .filter(Boolean))
        texts.push((JSON.parse(line) as { text: string }).text);
    }
  }
  return texts;
}

const rowText = (base: string[], i: number) => `${base[i % base.length]} (order ${i})`;

async function writeCsv(file: string, rows: number, base: string[]): Promise<void> {
  const out = createWriteStream(file);
  out.write('id,Comment,Date\n');
  const day = 86_400_000;
  for (let i = 0; i < rows; i++) {
    const date = new Date(Date.UTC(2025, 0, 1) + Math.floor((i / rows) * 300) * day).toISOString();
    if (!out.write(`r-${i},"${rowText(base, i).replaceAll('"', '""')}",${date}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

/** The analyzer alone, fed as the analysis worker feeds it. */
async function analyzerSeconds(rows: number, base: string[]): Promise<number> {
  const analyzer = await loadThreadedAnalyzer(THREADS);
  await analyzer.analyze('warm-up');
  let next = 0;
  const started = performance.now();
  const lanes = Array.from({ length: THREADS * ANALYSIS_BATCHES_IN_FLIGHT }, async () => {
    while (next < rows) {
      const batch = Array.from({ length: Math.min(ANALYSIS_BATCH, rows - next) }, (_, k) => rowText(base, next + k));
      next += batch.length;
      await Promise.all(batch.map((text) => analyzer.analyze(text)));
    }
  });
  await Promise.all(lanes);
  const seconds = (performance.now() - started) / 1000;
  await analyzer.close?.();
  return seconds;
}

interface Backlog {
  pending: number;
  unclustered: number;
  rssMb: number;
}

async function throughService(file: string, rows: number): Promise<{ importSeconds: number; themedSeconds: number; peakRssMb: number }> {
  const service = await startChild<{ backlogUrl: string; rssMb: number }>('test/bench/bench-server.ts', { BENCH_KEYS: '0', ANALYZER_THREADS: String(THREADS) });
  try {
    let peakRssMb = service.info.rssMb;
    const started = performance.now();
    let importSeconds = 0;
    const imported = fetch(`${service.info.backlogUrl}/import?file=${encodeURIComponent(file)}`, { method: 'POST' }).then(async (response) => {
      if (!response.ok) throw new Error(`import failed: ${await response.text()}`);
      importSeconds = (performance.now() - started) / 1000;
      return (await response.json()) as { imported: number };
    });
    let done = false;
    void imported.then(() => (done = true));
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const backlog = (await (await fetch(service.info.backlogUrl)).json()) as Backlog;
      peakRssMb = Math.max(peakRssMb, backlog.rssMb);
      const seconds = (performance.now() - started) / 1000;
      if (Math.round(seconds) % 10 === 0)
        process.stderr.write(`\r  ${rows} rows: ${seconds.toFixed(0)} s, ${backlog.pending} to analyse, ${backlog.unclustered} to theme   `);
      if (done && backlog.pending === 0 && backlog.unclustered === 0) break;
    }
    process.stderr.write('\n');
    const summary = await imported;
    if (summary.imported !== rows) throw new Error(`imported ${summary.imported} of ${rows} rows`);
    return { importSeconds, themedSeconds: (performance.now() - started) / 1000, peakRssMb };
  } finally {
    await service.stop();
  }
}

const base = baseTexts();
const dir = mkdtempSync(path.join(tmpdir(), 'import-e2e-'));
try {
  console.log(
    `History import end to end (embedded database, workers on, ${THREADS} analyzer thread${THREADS > 1 ? 's' : ''}; ${base.length} distinct customer texts varied by row):`,
  );
  for (const rows of SIZES) {
    const file = path.join(dir, `rows-${rows}.csv`);
    await writeCsv(file, rows, base);
    const alone = await analyzerSeconds(rows, base);
    const run = await throughService(file, rows);
    const n = (value: number) => Math.round(value).toLocaleString('en');
    console.log(
      `  ${n(rows).padStart(7)} rows: import ${n(rows / run.importSeconds)} rows/s (${run.importSeconds.toFixed(0)} s); all themed after ${run.themedSeconds.toFixed(0)} s` +
        ` = ${n(rows / run.themedSeconds)} items/s; analyzer alone ${alone.toFixed(0)} s (${n(rows / alone)} items/s);` +
        ` ratio ${(run.themedSeconds / alone).toFixed(2)} × analyzer alone; service peak RSS ${n(run.peakRssMb)} MiB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
