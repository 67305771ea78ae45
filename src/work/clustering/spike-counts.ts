import type { Queryable } from '../../db/database.js';
import type { SpikeCounts } from '../../domain/cluster/spike.js';

/**
 * Reports of a theme in the 24 hours up to `at` and in the 7 days before, by each item's own
 * `createdAt` (a backfilled item counts at its own time, not at receipt).
 */
export async function spikeCounts(db: Queryable, clusterId: string, at: Date): Promise<SpikeCounts> {
  const result = await db.query<{ last_day: string; prior_week: string }>(
    `SELECT count(*) FILTER (WHERE created_at > $2::timestamptz - interval '24 hours') AS last_day,
            count(*) FILTER (WHERE created_at <= $2::timestamptz - interval '24 hours') AS prior_week
       FROM cluster_members
      WHERE cluster_id = $1 AND created_at <= $2 AND created_at > $2::timestamptz - interval '8 days'`,
    [clusterId, at.toISOString()],
  );
  return { reportsLast24h: Number(result.rows[0].last_day), reportsPriorWeek: Number(result.rows[0].prior_week) };
}
