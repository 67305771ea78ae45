import type { Queryable } from '../../db/database.js';
import type { SpikeCounts } from '../../domain/cluster/spike.js';

/**
 * What the worker reads about a theme once an item has joined and settled, in one statement: its size,
 * and its reports in the 24 hours up to its newest report (`fallback` when it has none) and in the 7
 * days before, each counted at the item's own `createdAt` (a backfilled item counts at its own time,
 * not at receipt).
 */
export async function themeAfterJoin(db: Queryable, clusterId: string, fallback: Date): Promise<{ size: number; counts: SpikeCounts }> {
  const result = await db.query<{ size: number | null; last_day: string; prior_week: string }>(
    `WITH newest AS (SELECT coalesce(max(created_at), $2::timestamptz) AS at FROM cluster_members WHERE cluster_id = $1)
     SELECT (SELECT size FROM clusters WHERE cluster_id = $1) AS size,
            count(m.feedback_id) FILTER (WHERE m.created_at > n.at - interval '24 hours') AS last_day,
            count(m.feedback_id) FILTER (WHERE m.created_at <= n.at - interval '24 hours') AS prior_week
       FROM newest n
       LEFT JOIN cluster_members m ON m.cluster_id = $1 AND m.created_at <= n.at AND m.created_at > n.at - interval '8 days'
      GROUP BY n.at`,
    [clusterId, fallback.toISOString()],
  );
  const row = result.rows[0];
  return {
    size: row?.size ?? 0,
    counts: { reportsLast24h: Number(row?.last_day ?? 0), reportsPriorWeek: Number(row?.prior_week ?? 0) },
  };
}
