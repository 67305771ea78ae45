import type { Queryable } from '../../src/db/database.js';
import { bucketStarts, type Bucket, type Period } from './period.js';
import { filterConditions, type TrendFilters } from './theme-trends.js';

/** Item counts per bucket of each named theme over the period (sparklines), every bucket present. */
export async function themeSeries(
  db: Queryable,
  projectId: string,
  clusterIds: string[],
  period: Period,
  bucket: Bucket,
  filters: TrendFilters = {},
): Promise<Map<string, number[]>> {
  const params: unknown[] = [projectId, clusterIds, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  const rows = await db.query<{ cluster_id: string; start: string; count: number }>(
    `SELECT fi.cluster_id, to_char(date_trunc('${bucket}', fi.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS start, count(*)::int AS count
       FROM feedback_items fi
      WHERE fi.project_id = $1 AND fi.cluster_id = ANY ($2::text[]) AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered}
      GROUP BY 1, 2`,
    params,
  );
  const starts = bucketStarts(period, bucket).map((d) => d.toISOString().slice(0, 10));
  const index = new Map(starts.map((start, i) => [start, i]));
  const series = new Map(clusterIds.map((id) => [id, starts.map(() => 0)]));
  for (const row of rows.rows) series.get(row.cluster_id)![index.get(row.start)!] = row.count;
  return series;
}
