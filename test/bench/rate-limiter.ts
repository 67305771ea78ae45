/**
 * Cost of the shared rate limiter: hits per second and latency of PostgresRateLimiter (one upsert
 * per batch of concurrent hits) on a throwaway PostgreSQL server, against the in-process limiter in the same run.
 *   npx tsx test/bench/rate-limiter.ts
 */
import pg from 'pg';
import { PoolDatabase } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { PostgresRateLimiter, rateLimitMigrations } from '../../src/http/postgres-rate-limiter.js';
import { InMemoryRateLimiter, type RateLimiter } from '../../src/http/rate-limiter.js';
import { systemClock } from '../../src/support/clock.js';
import { startPostgresServer } from '../support/postgres-server.js';

const CONCURRENCY = 16;
const HITS = 20_000;

async function measure(limiter: RateLimiter): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (next < HITS) {
        next += 1;
        const at = performance.now();
        await limiter.hit(`key_${worker % 4}:submit-feedback`, 1_000_000);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: HITS / seconds, p50: latencies[Math.floor(latencies.length / 2)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}

const server = await startPostgresServer();
const pool = new pg.Pool({ connectionString: server.url, max: 10 });
try {
  const db = new PoolDatabase('postgres', pool);
  await runMigrations(db, rateLimitMigrations);
  const memory = await measure(new InMemoryRateLimiter(systemClock));
  const shared = await measure(new PostgresRateLimiter(db, systemClock));
  const fmt = (f: { perSecond: number; p50: number; p99: number }) =>
    `${Math.round(f.perSecond).toLocaleString('en')} hits/s, p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms`;
  console.log(`Rate limiter, ${HITS.toLocaleString('en')} hits from ${CONCURRENCY} concurrent callers on 4 buckets (PostgreSQL ${server.version}, fsync=off):`);
  console.log(`  in process:             ${fmt(memory)}`);
  console.log(`  shared (PostgreSQL):    ${fmt(shared)}  (${(shared.perSecond / memory.perSecond).toFixed(4)} × in process)`);
} finally {
  await pool.end();
  await server.stop();
}
