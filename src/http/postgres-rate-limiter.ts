import type { Queryable } from '../db/database.js';
import type { Migration } from '../db/migrations.js';
import type { Clock } from '../support/clock.js';
import type { RateLimitDecision, RateLimiter } from './rate-limiter.js';

/** Counters of the shared limiter: UNLOGGED (a crash may reset a minute's counts, never lose data). */
export const rateLimitMigrations: Migration[] = [
  {
    id: '0060_rate_limit_windows',
    sql: `
      CREATE UNLOGGED TABLE rate_limit_windows (
        bucket text NOT NULL,
        window_start timestamptz NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (bucket, window_start)
      );
    `,
  },
];

const WINDOW_MS = 60_000;

function windowOf(now: number): { start: number; resetSeconds: number } {
  const start = now - (now % WINDOW_MS);
  return { start, resetSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) };
}

/**
 * The same fixed one-minute windows as the in-process limiter, counted in PostgreSQL so that every
 * API node shares them: one upsert per request, which counts only while under the limit.
 */
export class PostgresRateLimiter implements RateLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  async hit(bucket: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const { start, resetSeconds } = windowOf(now);
    await this.sweep(now);
    const counted = await this.db.query<{ count: number }>(
      `INSERT INTO rate_limit_windows (bucket, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + 1 WHERE rate_limit_windows.count < $3
       RETURNING count`,
      [bucket, new Date(start), limit],
    );
    const count = counted.rows[0]?.count;
    if (count === undefined || count > limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    return { allowed: true, limit, remaining: limit - count, resetSeconds };
  }

  async peek(bucket: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const { start, resetSeconds } = windowOf(now);
    const row = await this.db.query<{ count: number }>(`SELECT count FROM rate_limit_windows WHERE bucket = $1 AND window_start = $2`, [
      bucket,
      new Date(start),
    ]);
    const count = row.rows[0]?.count ?? 0;
    return { allowed: count < limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
  }

  /** Past windows are dropped once a minute per node. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    await this.db.query(`DELETE FROM rate_limit_windows WHERE window_start < $1`, [new Date(windowOf(now).start - WINDOW_MS)]);
  }
}
