import { startChild } from './child.js';
import { fmt, runLoad, type LoadResult } from './load.js';

export interface FeedbackBench {
  burst: LoadResult;
  steady: { rate: number; items: number; p50ms: number; p99ms: number; unprocessed: number };
  rssMb: number;
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

/** Throughput of POST /feedback under concurrent load, then time from 202 to processed at a steady rate. */
export async function benchFeedback(total = 1500, concurrency = 16, steadyRate = 10, steadySeconds = 12): Promise<FeedbackBench> {
  const service = await startChild<{ url: string; keys: string[]; rssMb: number }>('test/bench/bench-server.ts');
  const { url, keys } = service.info;
  try {
    const burst = await runLoad(url, total, concurrency, (i) => submit(keys[i % keys.length], i));
    // Let the analysis backlog of the burst drain before measuring latency at a steady rate.
    for (;;) {
      const pending: any = await fetch(`${url}/api/v1/feedback?limit=1`, { headers: { Authorization: `Bearer ${keys[0]}` } }).then((r) => r.json());
      if (pending.items[0]?.status === 'processed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
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
    return { burst, steady: { rate: steadyRate, items: count, p50ms: at(50), p99ms: at(99), unprocessed }, rssMb: service.info.rssMb };
  } finally {
    await service.stop();
  }
}

export function printFeedback(result: FeedbackBench, pingPerSecond?: number): void {
  const b = result.burst;
  console.log(`POST /api/v1/feedback (${b.requests} requests, 16 connections, embedded database)`);
  console.log(`  ${fmt(b.perSecond, 0)} req/s   p50 ${fmt(b.p50ms, 2)} ms   p99 ${fmt(b.p99ms, 2)} ms   ${JSON.stringify(b.statuses)}`);
  if (pingPerSecond) console.log(`  = ${fmt(b.perSecond / pingPerSecond, 2)} × the GET /ping throughput`);
  const s = result.steady;
  console.log(
    `202 → processed at a steady ${s.rate} items/s (${s.items} items): p50 ${fmt(s.p50ms, 0)} ms, p99 ${fmt(s.p99ms, 0)} ms, unprocessed after 3 s: ${s.unprocessed}`,
  );
  console.log(`Service resident memory after start (analyzer loaded): ${fmt(result.rssMb, 0)} MiB`);
}

if (import.meta.url === `file://${process.argv[1]}`) printFeedback(await benchFeedback());
