/**
 * The shared rate limiter counts concurrent hits in batches (one upsert per batch): on a real
 * PostgreSQL server, two limiters on two connection pools (two API nodes) stay exact together.
 */
import { expect } from 'chai';
import pg from 'pg';
import { PoolDatabase } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { PostgresRateLimiter, rateLimitMigrations } from '../../src/http/postgres-rate-limiter.js';
import type { RateLimitDecision } from '../../src/http/rate-limiter.js';
import { MutableClock } from '../support/mutable-clock.js';
import { PostgresBinariesNotFoundError, startPostgresServer, type PostgresServer } from '../support/postgres-server.js';

describe('PostgresRateLimiter: batched counts shared by two nodes', function () {
  this.timeout(60_000);
  let server: PostgresServer | undefined;
  const pools: pg.Pool[] = [];
  let clock: MutableClock;
  let nodes: PostgresRateLimiter[];

  before(async function () {
    try {
      server = await startPostgresServer();
    } catch (error) {
      if (error instanceof PostgresBinariesNotFoundError) {
        console.log(`    rate limiter suite SKIPPED: ${error.message}`);
        this.skip();
      }
      throw error;
    }
    pools.push(new pg.Pool({ connectionString: server.url, max: 4 }), new pg.Pool({ connectionString: server.url, max: 4 }));
    await runMigrations(new PoolDatabase('postgres', pools[0]), rateLimitMigrations);
  });
  beforeEach(() => {
    clock = new MutableClock(new Date('2026-03-01T12:00:05.000Z'));
    nodes = pools.map((pool) => new PostgresRateLimiter(new PoolDatabase('postgres', pool), clock));
  });
  after(async () => {
    for (const pool of pools) await pool.end();
    await server?.stop();
  });

  /** `count` hits at once, alternating between the nodes. */
  const burst = (bucket: string, limit: number, count: number): Promise<RateLimitDecision[]> =>
    Promise.all(Array.from({ length: count }, (_, i) => nodes[i % 2].hit(bucket, limit)));

  it('lets exactly the limit through across both nodes, each remaining count once, and 429s the rest', async () => {
    const decisions = await burst('key_a:submit', 30, 100);
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).to.have.length(30);
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 30 }, (_, i) => i));
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0)).to.equal(true);
    expect((await nodes[1].hit('key_a:submit', 30)).allowed).to.equal(false);
    expect(await nodes[0].peek('key_a:submit', 30)).to.include({ allowed: false, remaining: 0 });
  });

  it('counts each bucket on its own, and starts again in the next minute', async () => {
    const [a, b] = await Promise.all([burst('key_b:submit', 5, 12), burst('key_c:submit', 7, 12)]);
    expect(a.filter((d) => d.allowed)).to.have.length(5);
    expect(b.filter((d) => d.allowed)).to.have.length(7);
    clock.advance(60_000);
    const next = await burst('key_b:submit', 5, 6);
    expect(next.filter((d) => d.allowed)).to.have.length(5);
    expect(next[0].resetSeconds).to.equal(55);
  });

  it('a bucket hit with two limits in one batch holds each hit to its own limit', async () => {
    const decisions = await Promise.all([
      ...Array.from({ length: 4 }, () => nodes[0].hit('key_d:submit', 2)),
      ...Array.from({ length: 4 }, () => nodes[0].hit('key_d:submit', 5)),
    ]);
    expect(decisions.slice(0, 4).filter((d) => d.allowed)).to.have.length(2);
    // The first two counted against 5 leave room for three more.
    expect(decisions.slice(4).filter((d) => d.allowed)).to.have.length(3);
    expect(await nodes[1].peek('key_d:submit', 5)).to.include({ allowed: false, remaining: 0 });
  });
});
