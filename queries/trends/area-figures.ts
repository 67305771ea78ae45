import type { Queryable } from '../../src/db/database.js';
import { bucketStarts, previousPeriod, type Bucket, type Period } from './period.js';
import { filterConditions, PERIOD_COUNTS, type PeriodCounts, type TrendFilters } from './theme-trends.js';

/** An area's figures over all of its items: its own and its child themes'. */
export interface AreaFigures {
  count: number;
  previous: number;
  churnRiskCount: number;
  sentiment: { positive: number; neutral: number; negative: number };
  series: number[];
}

export interface AreaRollup extends AreaFigures {
  /** Its child themes with items in the period, listed on the page or not. */
  themes: number;
}

interface Row extends PeriodCounts {
  area: string;
  themes: number;
}

/**
 * Every parent area of the project with items in the period or the one before, with the figures of all
 * its items (its own and its live child themes'), so that an area's row adds up the themes a page does not
 * list too. Series per bucket over the period, every bucket present.
 */
export async function areaRollups(
  db: Queryable,
  projectId: string,
  period: Period,
  bucket: Bucket,
  filters: TrendFilters = {},
): Promise<Map<string, AreaRollup>> {
  const before = previousPeriod(period);
  const params: unknown[] = [projectId, before.from.toISOString(), period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  const items = `SELECT coalesce(c.parent_id, c.cluster_id) AS area, fi.cluster_id, fi.created_at, fi.sentiment, fi.churn_risk
      FROM feedback_items fi JOIN clusters c ON c.cluster_id = fi.cluster_id AND c.merged_into IS NULL
     WHERE fi.project_id = $1 AND fi.created_at >= $2::timestamptz AND fi.created_at < $4::timestamptz ${filtered}
       AND (c.parent_id IS NOT NULL OR EXISTS (SELECT 1 FROM clusters k WHERE k.parent_id = c.cluster_id AND k.merged_into IS NULL))`;
  const totals = await db.query<Row>(
    `WITH items AS (${items})
     SELECT fi.area, ${PERIOD_COUNTS},
            count(DISTINCT fi.cluster_id) FILTER (WHERE fi.created_at >= $3::timestamptz AND fi.cluster_id <> fi.area)::int AS themes
       FROM items fi GROUP BY fi.area`,
    params,
  );
  const buckets = await db.query<{ area: string; start: string; count: number }>(
    `WITH items AS (${items})
     SELECT area, to_char(date_trunc('${bucket}', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS start, count(*)::int AS count
       FROM items WHERE created_at >= $3::timestamptz GROUP BY 1, 2`,
    params,
  );
  const starts = bucketStarts(period, bucket).map((d) => d.toISOString().slice(0, 10));
  const index = new Map(starts.map((start, i) => [start, i]));
  const rollups = new Map(
    totals.rows.map((row) => [
      row.area,
      {
        count: row.count,
        previous: row.previous,
        churnRiskCount: row.churn_risk,
        sentiment: { positive: row.positive, neutral: row.neutral, negative: row.negative },
        series: starts.map(() => 0),
        themes: row.themes,
      },
    ]),
  );
  for (const row of buckets.rows) {
    const at = index.get(row.start);
    if (at !== undefined) rollups.get(row.area)!.series[at] = row.count;
  }
  return rollups;
}
