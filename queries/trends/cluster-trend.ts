import type { Queryable } from '../../src/db/database.js';
import { bucketStarts, type Bucket, type Period } from './period.js';
import { revenueByGroup } from './customer-value.js';
import { filterConditions, type TrendFilters } from './theme-trends.js';

export interface TrendBucket {
  start: string;
  count: number;
  sentiment: { positive: number; neutral: number; negative: number };
  revenue: number;
}

const BUCKET_KEY = (bucket: Bucket) => `to_char(date_trunc('${bucket === 'day' ? 'day' : 'week'}', fi.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/**
 * A theme's items by day or ISO week (UTC) over the period, by `createdAt` (a backfilled item counts
 * at its own time), every bucket present (zero when empty).
 */
export async function clusterTrend(
  db: Queryable,
  projectId: string,
  clusterId: string,
  period: Period,
  bucket: Bucket,
  filters: TrendFilters = {},
): Promise<TrendBucket[]> {
  const params: unknown[] = [projectId, clusterId, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  const inTheme = `FROM feedback_items fi
    WHERE fi.project_id = $1 AND fi.cluster_id = $2 AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered}`;
  const [counts, revenue] = await Promise.all([
    db.query<{ grp: string; count: number; positive: number; neutral: number; negative: number }>(
      `SELECT ${BUCKET_KEY(bucket)} AS grp, count(*)::int AS count,
              count(*) FILTER (WHERE fi.sentiment = 'positive')::int AS positive,
              count(*) FILTER (WHERE fi.sentiment = 'neutral')::int AS neutral,
              count(*) FILTER (WHERE fi.sentiment = 'negative')::int AS negative
         ${inTheme} GROUP BY 1`,
      params,
    ),
    revenueByGroup(db, projectId, `SELECT ${BUCKET_KEY(bucket)} AS grp, fi.feedback_id ${inTheme}`, params.slice(1)),
  ]);
  const byStart = new Map(counts.rows.map((row) => [row.grp, row]));
  return bucketStarts(period, bucket).map((start) => {
    const key = start.toISOString().slice(0, 10);
    const row = byStart.get(key);
    return {
      start: start.toISOString(),
      count: row?.count ?? 0,
      sentiment: { positive: row?.positive ?? 0, neutral: row?.neutral ?? 0, negative: row?.negative ?? 0 },
      revenue: revenue.get(key) ?? 0,
    };
  });
}
