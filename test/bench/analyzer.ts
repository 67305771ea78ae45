/**
 * Load time, throughput and memory of the offline analyzer.
 *
 *   npx tsx test/bench/analyzer.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { loadThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { ANALYSIS_BATCH, ANALYSIS_BATCHES_IN_FLIGHT } from '../../src/work/analysis-worker.js';

export interface AnalyzerBenchmark {
  loadMs: number;
  rssAfterLoadMb: number;
  /** `analyze()` awaited one at a time. */
  analyzeSequentialPerSec: number;
  /** `analyze()` called concurrently (coalesced into batched model calls). */
  analyzeConcurrentPerSec: number;
  embedSinglePerSec: number;
  embedBatchedPerSec: number;
  rssAfterRunMb: number;
}

export interface ThreadsBenchmark {
  threads: number;
  /** As the analysis worker calls it: batches of `ANALYSIS_BATCH`, `ANALYSIS_BATCHES_IN_FLIGHT` per thread. */
  perSec: number;
  /** Resident memory the threads added, per thread (each loads its own models). */
  rssPerThreadMb: number;
}

const SAMPLES = [
  'The app crashes every time I try to upload a photo from the gallery.',
  'Please add an option to export my reports as CSV files.',
  'Thanks [name], the support team solved my billing problem in minutes!',
  'How do I change the delivery address after placing an order?',
  'Way too expensive for what it offers, and the ads are everywhere.',
  'Keeps logging me out.',
  'Love the new design, it feels much faster than before.',
  'Der Kundenservice hat mir sehr schnell geholfen.',
];

/** `count` distinct texts, so nothing can be served from a cache. */
function texts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${SAMPLES[i % SAMPLES.length]} (#${i})`);
}

async function perSecond(count: number, run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return (count * 1000) / (performance.now() - start);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function benchmarkAnalyzer(count = 128): Promise<AnalyzerBenchmark> {
  const start = performance.now();
  const analyzer = await loadOfflineAnalyzer();
  const loadMs = Math.round(performance.now() - start);
  const rssAfterLoadMb = mb(process.memoryUsage().rss);
  await analyzer.analyze('warm-up'); // first call compiles the graph's kernels

  const items = texts(count);
  const analyzeSequentialPerSec = await perSecond(count, async () => {
    for (const t of items) await analyzer.analyze(t);
  });
  const analyzeConcurrentPerSec = await perSecond(count, () => Promise.all(items.map((t) => analyzer.analyze(`${t}.`))));
  const embedSinglePerSec = await perSecond(count, async () => {
    for (const t of items) await analyzer.embed(`${t}!`);
  });
  const embedBatchedPerSec = await perSecond(count, () => analyzer.embedMany(items.map((t) => `${t}?`)));

  return {
    loadMs,
    rssAfterLoadMb,
    analyzeSequentialPerSec: Math.round(analyzeSequentialPerSec),
    analyzeConcurrentPerSec: Math.round(analyzeConcurrentPerSec),
    embedSinglePerSec: Math.round(embedSinglePerSec),
    embedBatchedPerSec: Math.round(embedBatchedPerSec),
    rssAfterRunMb: mb(process.memoryUsage().rss),
  };
}

/**
 * The service's analyzer (`ANALYZER_THREADS` threads), fed as the analysis worker feeds it, with the
 * resident memory each thread adds.
 */
export async function benchmarkThreads(counts: number[], count = 256): Promise<ThreadsBenchmark[]> {
  const results: ThreadsBenchmark[] = [];
  for (const threads of counts) {
    const before = process.memoryUsage().rss;
    const analyzer = await loadThreadedAnalyzer(threads);
    await Promise.all(Array.from({ length: threads * 2 }, () => analyzer.analyze('warm-up')));
    const items = texts(count).map((t) => `${t} [${threads}]`);
    let next = 0;
    const lanes = Array.from({ length: threads * ANALYSIS_BATCHES_IN_FLIGHT }, async () => {
      while (next < items.length) {
        const batch = items.slice(next, next + ANALYSIS_BATCH);
        next += batch.length;
        await Promise.all(batch.map((t) => analyzer.analyze(t)));
      }
    });
    const perSec = await perSecond(count, () => Promise.all(lanes));
    results.push({ threads, perSec: Math.round(perSec), rssPerThreadMb: mb((process.memoryUsage().rss - before) / threads) });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const r = await benchmarkAnalyzer();
  console.log(`model load:                 ${r.loadMs} ms`);
  console.log(`RSS after load:             ${r.rssAfterLoadMb} MB`);
  console.log(`analyze, one at a time:     ${r.analyzeSequentialPerSec} items/s`);
  console.log(`analyze, concurrent:        ${r.analyzeConcurrentPerSec} items/s`);
  console.log(`embed, single:              ${r.embedSinglePerSec} items/s`);
  console.log(`embed, batched (embedMany): ${r.embedBatchedPerSec} items/s`);
  console.log(`RSS after run:              ${r.rssAfterRunMb} MB`);
  const threads = await benchmarkThreads([1, 2]);
  for (const t of threads) {
    const ratio = (t.perSec / threads[0].perSec).toFixed(2);
    console.log(`ANALYZER_THREADS=${t.threads}, as the worker feeds it: ${t.perSec} items/s (${ratio} × one thread), ${t.rssPerThreadMb} MB per thread`);
  }
}
