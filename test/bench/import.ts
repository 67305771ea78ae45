/**
 * History imports end to end: a generated CSV (10,000 and 100,000 rows unless IMPORT_E2E_ROWS lists
 * other sizes) imported by `feedbackctl import` into the running service (`node dist/src/main.js` with
 * the start script's environment, embedded database, workers on), timed until the analysis and
 * clustering queues are empty, against the analyzer alone on the same texts in the same run (its
 * thread count as the service's), with the service's peak resident memory (VmRSS every 250 ms).
 * Linux only (/proc). `BENCH_HEAP_PROF=dir`: a sampling heap profile of the service's main thread from the
 * import's start until every item is themed (garbage included), written there and summarised.
 *   npx tsx test/bench/import.ts
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs, { readdirSync, readFileSync, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { ANALYSIS_BATCH, ANALYSIS_BATCHES_IN_FLIGHT } from '../../src/work/analysis-worker.js';
import { startBuiltService } from './built-service.js';
import { heapProfileSummary, writtenProfile } from './heap-profile-summary.js';
import { startScript } from './start-script.js';

const SIZES = (process.env.IMPORT_E2E_ROWS ?? '10000,100000').split(',').map(Number);
const THREADS = Number(process.env.ANALYZER_THREADS ?? 1);
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'clustering');
const HEAP_PROF = process.env.BENCH_HEAP_PROF;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** Jobs waiting in the analysis and clustering queues, from the service's metrics (loopback needs no token). */
async function queuesWaiting(url: string): Promise<{ analysis: number; clustering: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const depth = (queue: string) => Number(new RegExp(`queue_depth\\{queue="${queue}"\\} (\\d+)`).exec(text)?.[1] ?? NaN);
  return { analysis: depth('analysis'), clustering: depth('clustering') };
}

/** Stops the service's heap sampling and prints where its main thread allocated over `seconds`. */
async function printHeapProfile(child: ChildProcess, since: number, seconds: number): Promise<void> {
  child.kill('SIGUSR2');
  const file = await writtenProfile(HEAP_PROF!, since);
  const { totalMb, sites } = heapProfileSummary(file);
  console.log(
    `  main thread allocated ${Math.round(totalMb).toLocaleString('en')} MiB (${(totalMb / seconds).toFixed(0)} MiB/s); largest allocators (self, MiB), ${file}:`,
  );
  for (const { site, mb } of sites) console.log(`    ${mb.toFixed(0).padStart(6)}  ${site}`);
}

async function throughService(file: string, rows: number): Promise<{ importSeconds: number; themedSeconds: number; peakRssMb: number }> {
  const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'import-e2e-service-'));
  const sampler = HEAP_PROF ? ['--import', pathToFileURL(path.join(import.meta.dirname, 'heap-sampling.mjs')).href] : [];
  const { env, nodeArgs } = startScript();
  const { child, url } = await startBuiltService(dataDir, { ...env, ANALYZER_THREADS: String(THREADS) }, [...nodeArgs, ...sampler]);
  try {
    const keysFile = path.join(dataDir, 'demo-keys.json'); // written just after the service starts listening
    while (!fs.existsSync(keysFile)) await sleep(50);
    await sleep(100);
    const demo = JSON.parse(fs.readFileSync(keysFile, 'utf8')) as { projectId: string; secretKey: string };
    const headers = { Authorization: `Bearer ${demo.secretKey}`, 'Content-Type': 'application/json' };
    const first = (await (
      await fetch(`${url}/api/v1/feedback`, { method: 'POST', headers, body: JSON.stringify({ text: 'The export keeps timing out' }) })
    ).json()) as { id: string };
    // The analyzer is loaded once the first item is processed.
    while (((await (await fetch(`${url}/api/v1/feedback/${first.id}`, { headers })).json()) as { status: string }).status === 'pending') await sleep(100);
    let peakRssMb = residentMb(child.pid!);
    const profileSince = Date.now();
    if (HEAP_PROF) child.kill('SIGUSR2');
    const started = performance.now();
    let importSeconds = 0;
    // `feedbackctl import` while the service runs: the import runs inside the service.
    const importer = spawn(process.execPath, ['bin/feedbackctl.js', 'import', file, '--project', demo.projectId, '--map', 'text=Comment,createdAt=Date'], {
      env: { ...process.env, DATA_DIR: dataDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // Its progress lines (stderr) would break the bench's own; kept for the error of a failed import.
    importer.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    importer.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const imported = new Promise<number>((resolve, reject) =>
      importer.once('exit', (code) => {
        importSeconds = (performance.now() - started) / 1000;
        if (code !== 0) reject(new Error(`feedbackctl import exited with ${code}: ${output}`));
        else resolve(Number(/: ([\d,]+) new/.exec(output)?.[1].replaceAll(',', '') ?? NaN));
      }),
    );
    let done = false;
    void imported.then(
      () => (done = true),
      () => (done = true),
    );
    let idlePolls = 0;
    let lastPoll = 0;
    for (;;) {
      await sleep(250);
      peakRssMb = Math.max(peakRssMb, residentMb(child.pid!));
      if (performance.now() - lastPoll < 1000) continue;
      lastPoll = performance.now();
      const waiting = await queuesWaiting(url);
      const seconds = (performance.now() - started) / 1000;
      if (Math.round(seconds) % 10 === 0)
        process.stderr.write(
          `\r  ${rows} rows: ${seconds.toFixed(0)} s, ${waiting.analysis} to analyse, ${waiting.clustering} to theme, ${Math.round(peakRssMb)} MiB peak   `,
        );
      // Three quiet polls in a row: the last clustering job may be enqueued a moment after the last analysis.
      idlePolls = done && waiting.analysis === 0 && waiting.clustering === 0 ? idlePolls + 1 : 0;
      if (idlePolls === 3) break;
    }
    process.stderr.write('\n');
    if (HEAP_PROF) await printHeapProfile(child, profileSince, (performance.now() - started) / 1000);
    const count = await imported;
    if (count !== rows) throw new Error(`imported ${count} of ${rows} rows`);
    // Less the two quiet polls after the first that found both queues empty (a second apart).
    return { importSeconds, themedSeconds: (performance.now() - started) / 1000 - 2, peakRssMb };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const base = baseTexts();
const dir = mkdtempSync(path.join(tmpdir(), 'import-e2e-'));
try {
  console.log(
    `History import end to end (feedbackctl import into node dist/src/main.js with the start script's environment and node options, embedded database, workers on, ${THREADS} analyzer thread${THREADS > 1 ? 's' : ''}; ${base.length} distinct customer texts varied by row):`,
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
