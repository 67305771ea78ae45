import { startChild } from './child.js';
import { fmt, runLoad, type LoadResult } from './load.js';

export interface PingBench {
  bare: LoadResult;
  ping: LoadResult;
  ratio: number;
}

/** GET /api/v1/ping with a valid key against a bare Koa handler, same machine, same load. */
export async function benchPing(total = 4000, concurrency = 16): Promise<PingBench> {
  const bare = await startChild<{ url: string }>('test/bench/bare-koa-server.ts');
  const service = await startChild<{ url: string; keys: string[] }>('test/bench/bench-server.ts');
  try {
    const request = (key: string) => ({ method: 'GET', path: '/api/v1/ping', headers: { Authorization: `Bearer ${key}` } });
    await runLoad(bare.info.url, 500, concurrency, () => request('x')); // warm-up
    await runLoad(service.info.url, 500, concurrency, (i) => request(service.info.keys[i % service.info.keys.length]));
    const bareResult = await runLoad(bare.info.url, total, concurrency, () => request('x'));
    const pingResult = await runLoad(service.info.url, total, concurrency, (i) => request(service.info.keys[i % service.info.keys.length]));
    return { bare: bareResult, ping: pingResult, ratio: pingResult.perSecond / bareResult.perSecond };
  } finally {
    await Promise.all([bare.stop(), service.stop()]);
  }
}

export function printPing(result: PingBench): void {
  const row = (name: string, r: LoadResult) =>
    `  ${name.padEnd(28)} ${fmt(r.perSecond, 0).padStart(7)} req/s   p50 ${fmt(r.p50ms, 2)} ms   p99 ${fmt(r.p99ms, 2)} ms   ${JSON.stringify(r.statuses)}`;
  console.log('GET /api/v1/ping (16 connections)');
  console.log(row('bare Koa handler (baseline)', result.bare));
  console.log(row('GET /ping with a valid key', result.ping));
  console.log(`  ping throughput = ${fmt(result.ratio, 2)} × baseline`);
}

if (import.meta.url === `file://${process.argv[1]}`) printPing(await benchPing());
