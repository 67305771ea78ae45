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
  {
    // The limit of the row's last upsert and how many of its batch of hits it let through.
    id: '0061_rate_limit_windows_granted',
    sql: `ALTER TABLE rate_limit_windows ADD COLUMN cap integer NOT NULL DEFAULT 0, ADD COLUMN granted integer NOT NULL DEFAULT 0;`,
  },
];

const WINDOW_MS = 60_000;

function windowOf(now: number): { start: number; resetSeconds: number } {
  const start = now - (now % WINDOW_MS);
  return { start, resetSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) };
}

interface PendingHit {
  bucket: string;
  limit: number;
  start: number;
  resetSeconds: number;
  resolve: (decision: RateLimitDecision) => void;
  reject: (error: unknown) => void;
}

/** Hits on one bucket's window in one batch, in arrival order. */
interface Group {
  bucket: string;
  start: number;
  limit: number;
  hits: PendingHit[];
}

/**
 * The same fixed one-minute windows as the in-process limiter, counted in PostgreSQL so that every
 * API node shares them. Hits that arrive while a count is in flight wait for it and are then counted
 * together, one upsert for all (a round trip per request was most of the limiter's cost): each
 * bucket's row takes as many of its hits as are still under the limit, atomically, so the counts
 * stay exact across nodes; rows are locked in sorted order, so two nodes' batches cannot deadlock.
 */
export class PostgresRateLimiter implements RateLimiter {
  private lastSweep = 0;
  private queue: PendingHit[] = [];
  private counting = false;

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  hit(bucket: string, limit: number): Promise<RateLimitDecision> {
    const { start, resetSeconds } = windowOf(this.clock.now().getTime());
    return new Promise((resolve, reject) => {
      this.queue.push({ bucket, limit, start, resetSeconds, resolve, reject });
      if (!this.counting) void this.countQueued();
    });
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

  private async countQueued(): Promise<void> {
    this.counting = true;
    while (this.queue.length > 0) {
      const { groups, later } = groupHits(this.queue);
      this.queue = later;
      try {
        await this.sweep(this.clock.now().getTime());
        await this.count(groups);
      } catch (error) {
        for (const group of groups) for (const hit of group.hits) hit.reject(error);
      }
    }
    this.counting = false;
  }

  private async count(groups: Group[]): Promise<void> {
    const counted = await this.db.query<{ bucket: string; window_start: Date; count: number; granted: number }>(
      `INSERT INTO rate_limit_windows AS w (bucket, window_start, count, cap, granted)
       SELECT bucket, window_start, least(hits, cap), cap, least(hits, cap)
         FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[]) AS r(bucket, window_start, hits, cap)
        ORDER BY bucket, window_start
       ON CONFLICT (bucket, window_start) DO UPDATE
         SET count = w.count + greatest(0, least(EXCLUDED.granted, EXCLUDED.cap - w.count)),
             granted = greatest(0, least(EXCLUDED.granted, EXCLUDED.cap - w.count)),
             cap = EXCLUDED.cap
       RETURNING bucket, window_start, count, granted`,
      [groups.map((g) => g.bucket), groups.map((g) => new Date(g.start)), groups.map((g) => g.hits.length), groups.map((g) => g.limit)],
    );
    const rows = new Map(counted.rows.map((row) => [`${row.bucket}\u0000${row.window_start.getTime()}`, row]));
    for (const group of groups) {
      const row = rows.get(`${group.bucket}\u0000${group.start}`);
      const before = row ? row.count - row.granted : group.limit;
      group.hits.forEach((hit, i) => {
        const { limit, resetSeconds } = hit;
        if (!row || i >= row.granted) hit.resolve({ allowed: false, limit, remaining: 0, resetSeconds });
        else hit.resolve({ allowed: true, limit, remaining: limit - (before + i + 1), resetSeconds });
      });
    }
  }

  /** Past windows are dropped once a minute per node. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    await this.db.query(`DELETE FROM rate_limit_windows WHERE window_start < $1`, [new Date(windowOf(now).start - WINDOW_MS)]);
  }
}

/**
 * The queued hits by bucket and window, in arrival order. A hit on a bucket already in the batch
 * with another limit waits for the next batch: one row is counted against one limit at a time.
 */
function groupHits(queue: PendingHit[]): { groups: Group[]; later: PendingHit[] } {
  const groups = new Map<string, Group>();
  const later: PendingHit[] = [];
  for (const hit of queue) {
    const key = `${hit.bucket}\u0000${hit.start}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { bucket: hit.bucket, start: hit.start, limit: hit.limit, hits: [hit] });
    else if (group.limit === hit.limit) group.hits.push(hit);
    else later.push(hit);
  }
  return { groups: [...groups.values()], later };
}
