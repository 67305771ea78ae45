import { startChild } from './child.js';
import { cpuMs, mainThreadCpuMs } from './cpu-time.js';
import { fmt, runLoad, type LoadResult } from './load.js';

interface BurstWindow {
  statements: Record<string, { count: number; ms: number; maxMs: number }>;
  loopDelay: { p50: number; p99: number; max: number };
  profile?: string;
}

/** The statements the service ran during the burst, per request, dearest first (`BENCH_SQL=1`). */
function printStatements(statements: BurstWindow['statements'], requests: number): void {
  const rows = Object.entries(statements).sort((a, b) => b[1].ms - a[1].ms);
  const sum = (priority: string) => rows.filter(([key]) => key.startsWith(priority)).reduce((n, [, s]) => n + s.count, 0);
  console.log(
    `SQL during the burst: ${fmt(sum('foreground') / requests, 2)} foreground and ${fmt(sum('background') / requests, 2)} background statements per request`,
  );
  for (const [key, s] of rows.slice(0, 30))
    console.log(
      `  ${fmt(s.count / requests, 3).padStart(7)}/req ${fmt(s.ms / requests, 3).padStart(7)} ms/req  longest ${fmt(s.maxMs, 1).padStart(6)} ms  ${key}`,
    );
}

export interface FeedbackBench {
  burst: LoadResult;
  /** The service's CPU time per request during the burst (every thread: the analyzer's too). */
  cpuMsPerRequest: number;
  /** The main thread's alone: requests and the background work that shares their event loop. */
  mainCpuMsPerRequest: number;
  /** From the burst's last 202 until every item of it is processed (not measured with `BENCH_WORKERS=off`). */
  /** `themedSeconds`: until every item of the burst was also in a theme (clustering follows analysis). */
  drain?: { seconds: number; itemsPerSecond: number; pendingAtBurstEnd: number; themedSeconds: number };
  steady?: { rate: number; items: number; p50ms: number; p99ms: number; unprocessed: number };
  rssMb: number;
  /** Resident memory sampled during the burst and the drain. */
  peakRssMb: number;
}

interface ServiceInfo {
  url: string;
  keys: string[];
  rssMb: number;
  backlogUrl: string;
}

const TEXTS = [
  'The export to CSV keeps timing out on large projects',
  'Please add a dark mode, my eyes hurt at night',
  'Love the new dashboard, great work team!',
  'How do I invite my colleagues to a workspace?',
  'Billing page charged me twice this month',
  'App crashes when I upload a photo from my gallery',
];

const submit = (key: string, i: number) => ({
  method: 'POST',
  path: '/api/v1/feedback',
  headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ text: `${TEXTS[i % TEXTS.length]} (#${i})`, metadata: { plan: i % 2 ? 'pro' : 'free' } }),
});

async function getJson(url: string, key: string): Promise<any> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  return response.json();
}

/** Requests sent before the measured burst (`BENCH_WARMUP`), numbered apart from the measured ones. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const WARMUP_IDS = 1_000_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The service's backlog and memory; a connection reset (a kept-alive socket closed as it was reused) is tried again. */
async function readBacklog(info: ServiceInfo): Promise<{ pending: number; unclustered: number; rssMb: number; heapMb: number; externalMb: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await fetch(info.backlogUrl).then((r) => r.json())) as never;
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(100);
    }
  }
}

/**
 * Throughput of POST /feedback under concurrent load, the time the analysis backlog of that burst
 * takes to drain, then time from 202 to processed at a steady rate. `BENCH_CPU_PROF=dir` writes a
 * CPU profile of the service's main thread during the burst to dir; `BENCH_SQL=1` prints the statements run during the burst;
 * `BENCH_FEEDBACK_REQUESTS` sets the burst's size, `BENCH_WARMUP` the unmeasured burst before it (default 300); `BENCH_WORKERS=off` measures the request path
 * alone (no analysis, so no drain and no steady phase).
 */
export async function benchFeedback(
  total = Number(process.env.BENCH_FEEDBACK_REQUESTS ?? 1500),
  concurrency = 16,
  steadyRate = 10,
  steadySeconds = 12,
): Promise<FeedbackBench> {
  const service = await startChild<ServiceInfo>('test/bench/bench-server.ts');
  const { url, keys } = service.info;
  let peakRssMb = service.info.rssMb;
  // The main thread's JavaScript heap and its memory outside it (PGlite's WebAssembly memory among it), printed with BENCH_SQL.
  let peakHeapMb = 0;
  let peakExternalMb = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const backlog = await readBacklog(service.info);
      peakRssMb = Math.max(peakRssMb, backlog.rssMb);
      peakHeapMb = Math.max(peakHeapMb, backlog.heapMb);
      peakExternalMb = Math.max(peakExternalMb, backlog.externalMb);
      await sleep(500);
    }
  })();
  try {
    // The first requests pay for the JIT compiling the request path and the first key lookups: a warm-up
    // burst, not measured, whose analysis is let to finish before the measured one.
    await runLoad(url, WARMUP, concurrency, (i) => submit(keys[i % keys.length], WARMUP_IDS + i));
    if (process.env.BENCH_WORKERS !== 'off') while ((await readBacklog(service.info)).pending > 0) await sleep(100);
    const cpuBefore = cpuMs(service.child.pid!);
    const mainBefore = mainThreadCpuMs(service.child.pid!);
    await fetch(`${service.info.backlogUrl}/window/open`);
    const burst = await runLoad(url, total, concurrency, (i) => submit(keys[i % keys.length], i));
    const cpuMsPerRequest = (cpuMs(service.child.pid!) - cpuBefore) / total;
    const mainCpuMsPerRequest = (mainThreadCpuMs(service.child.pid!) - mainBefore) / total;
    const window = (await fetch(`${service.info.backlogUrl}/window/close`).then((r) => r.json())) as BurstWindow;
    if (window.profile) console.log(`CPU profile of the burst: ${window.profile}`);
    if (process.env.BENCH_SQL) printStatements(window.statements, total);
    const delay = window.loopDelay;
    console.log(`Event-loop delay during the burst: p50 ${fmt(delay.p50, 1)} ms, p99 ${fmt(delay.p99, 1)} ms, longest ${fmt(delay.max, 1)} ms`);
    if (process.env.BENCH_WORKERS === 'off') {
      sampling = false;
      await sampler;
      return { burst, cpuMsPerRequest, mainCpuMsPerRequest, rssMb: service.info.rssMb, peakRssMb };
    }
    const burstEnd = performance.now();
    const pendingAtBurstEnd = (await readBacklog(service.info)).pending;
    while ((await readBacklog(service.info)).pending > 0) await sleep(100);
    const drainSeconds = (performance.now() - burstEnd) / 1000;
    while ((await readBacklog(service.info)).unclustered > 0) await sleep(100);
    const themedSeconds = (performance.now() - burstEnd) / 1000;
    const drain = { seconds: drainSeconds, itemsPerSecond: pendingAtBurstEnd / drainSeconds, pendingAtBurstEnd, themedSeconds };
    sampling = false;
    await sampler;
    if (process.env.BENCH_SQL) console.log(`Main thread peaks during burst and drain: heap ${fmt(peakHeapMb, 0)} MiB, external ${fmt(peakExternalMb, 0)} MiB`);
    const ids: string[] = [];
    const count = steadyRate * steadySeconds;
    for (let i = 0; i < count; i++) {
      const key = keys[(total + i) % keys.length];
      const request = submit(key, total + i);
      const response = await fetch(url + request.path, { method: 'POST', headers: request.headers, body: request.body });
      ids.push(((await response.json()) as any).id);
      await new Promise((resolve) => setTimeout(resolve, 1000 / steadyRate));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const delays: number[] = [];
    let unprocessed = 0;
    for (const id of ids) {
      const item = await getJson(`${url}/api/v1/feedback/${id}`, keys[0]);
      if (item.processedAt) delays.push(Date.parse(item.processedAt) - Date.parse(item.receivedAt));
      else unprocessed++;
    }
    delays.sort((a, b) => a - b);
    const at = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))];
    return {
      burst,
      cpuMsPerRequest,
      mainCpuMsPerRequest,
      drain,
      steady: { rate: steadyRate, items: count, p50ms: at(50), p99ms: at(99), unprocessed },
      rssMb: service.info.rssMb,
      peakRssMb,
    };
  } finally {
    sampling = false;
    await service.stop();
  }
}

export function printFeedback(result: FeedbackBench, pingPerSecond?: number): void {
  const b = result.burst;
  console.log(`POST /api/v1/feedback (${b.requests} requests, 16 connections, embedded database, after ${WARMUP} warm-up requests)`);
  console.log(`  ${fmt(b.perSecond, 0)} req/s   p50 ${fmt(b.p50ms, 2)} ms   p99 ${fmt(b.p99ms, 2)} ms   ${JSON.stringify(b.statuses)}`);
  if (pingPerSecond) console.log(`  = ${fmt(b.perSecond / pingPerSecond, 2)} × the GET /ping throughput`);
  console.log(
    `  service CPU per request during the burst: ${fmt(result.cpuMsPerRequest, 2)} ms, of which the main thread (HTTP and the work sharing its event loop) ${fmt(result.mainCpuMsPerRequest, 2)} ms`,
  );
  const d = result.drain;
  if (!d || !result.steady) return;
  console.log(
    `Analysis backlog of the burst: ${d.pendingAtBurstEnd} items pending at its end, all processed ${fmt(d.seconds, 1)} s later (${fmt(d.itemsPerSecond, 0)} items/s), all in a theme ${fmt(d.themedSeconds, 1)} s later`,
  );
  const s = result.steady;
  console.log(
    `202 → processed at a steady ${s.rate} items/s (${s.items} items): p50 ${fmt(s.p50ms, 0)} ms, p99 ${fmt(s.p99ms, 0)} ms, unprocessed after 3 s: ${s.unprocessed}`,
  );
  console.log(
    `Service resident memory after start (analyzer loaded): ${fmt(result.rssMb, 0)} MiB, peak during burst and drain: ${fmt(result.peakRssMb, 0)} MiB`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printFeedback(await benchFeedback());
