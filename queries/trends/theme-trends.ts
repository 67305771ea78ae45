import type { Queryable } from '../../src/db/database.js';
import { revenueByGroup } from './customer-value.js';
import { previousPeriod, type Period } from './period.js';
import { segmentCondition } from './segment.js';

export interface TrendFilters {
  source?: string;
  type?: string;
  language?: string;
  /** A segment `name:value`: only items whose user currently holds that trait. */
  trait?: string;
}

export interface ThemeTrend {
  id: string;
  label: string;
  status: 'active' | 'resolved' | 'muted';
  muted: boolean;
  count: number;
  previous: number;
  growth: number | null;
  sentiment: { positive: number; neutral: number; negative: number };
  revenue: number;
  churnRiskCount: number;
  new: boolean;
  spiking: boolean;
  regressed: boolean;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
}

/** A group's items in the period and the one before it, as `PERIOD_COUNTS` selects them. */
export interface PeriodCounts {
  count: number;
  previous: number;
  positive: number;
  neutral: number;
  negative: number;
  churn_risk: number;
}

/**
 * Aggregates over items `fi` from the start of the period before ($2) to the end of the period ($4): the
 * count in the period (from $3) and in the one before, and the sentiment mix and churn-risk count in the period.
 */
export const PERIOD_COUNTS = `count(*) FILTER (WHERE fi.created_at >= $3::timestamptz)::int AS count,
              count(*) FILTER (WHERE fi.created_at < $3::timestamptz)::int AS previous,
              count(*) FILTER (WHERE fi.created_at >= $3::timestamptz AND fi.sentiment = 'positive')::int AS positive,
              count(*) FILTER (WHERE fi.created_at >= $3::timestamptz AND fi.sentiment = 'neutral')::int AS neutral,
              count(*) FILTER (WHERE fi.created_at >= $3::timestamptz AND fi.sentiment = 'negative')::int AS negative,
              count(*) FILTER (WHERE fi.created_at >= $3::timestamptz AND fi.churn_risk)::int AS churn_risk`;

interface Row extends PeriodCounts {
  cluster_id: string;
  label: string;
  status: ThemeTrend['status'];
  muted: boolean;
  spiking: boolean;
  first_seen_at: Date | null;
  last_seen_at: Date | null;
  regressed_at: Date | null;
}

/** SQL conditions on `feedback_items fi` of project $1 for the filters, binding values from `params` onwards. */
export function filterConditions(filters: TrendFilters, params: unknown[]): string {
  const where: string[] = [];
  for (const column of ['source', 'type', 'language'] as const) {
    const value = filters[column];
    if (value === undefined) continue;
    params.push(value);
    where.push(`AND fi.${column} = $${params.length}`);
  }
  if (filters.trait !== undefined) where.push(`AND ${segmentCondition(filters.trait, params)}`);
  return where.join(' ');
}

/**
 * The project's themes with items in the period or in the one of the same length before it: counts in
 * both, growth, sentiment mix and revenue in the period, and whether the theme is new (its first item
 * lies inside the period), spiking now, or regressed inside the period. Largest count first.
 */
export async function themeTrends(
  db: Queryable,
  projectId: string,
  period: Period,
  filters: TrendFilters = {},
  limit = 50,
  /** Only this theme (the workspace's theme page). */
  clusterId?: string,
): Promise<ThemeTrend[]> {
  const before = previousPeriod(period);
  const params: unknown[] = [projectId, before.from.toISOString(), period.from.toISOString(), period.to.toISOString()];
  let filtered = filterConditions(filters, params);
  if (clusterId !== undefined) {
    params.push(clusterId);
    filtered += ` AND fi.cluster_id = $${params.length}`;
  }
  params.push(limit);
  const rows = await db.query<Row>(
    `WITH counts AS (
       SELECT fi.cluster_id,
              ${PERIOD_COUNTS}
         FROM feedback_items fi
        WHERE fi.project_id = $1 AND fi.created_at >= $2::timestamptz AND fi.created_at < $4::timestamptz AND fi.cluster_id IS NOT NULL ${filtered}
        GROUP BY fi.cluster_id)
     SELECT c.cluster_id, c.label, c.status, c.muted, c.spiking, c.first_seen_at, c.last_seen_at, c.regressed_at, counts.*
       FROM counts JOIN clusters c ON c.cluster_id = counts.cluster_id AND c.merged_into IS NULL
      ORDER BY counts.count DESC, counts.previous DESC, c.last_seen_at DESC NULLS LAST, c.cluster_id
      LIMIT $${params.length}`,
    params,
  );
  const ids = rows.rows.map((row) => row.cluster_id);
  const revenue = ids.length ? await revenueInPeriod(db, projectId, ids, period, filters) : new Map<string, number>();
  return rows.rows.map((row) => toThemeTrend(row, period, revenue.get(row.cluster_id) ?? 0));
}

function revenueInPeriod(db: Queryable, projectId: string, clusterIds: string[], period: Period, filters: TrendFilters): Promise<Map<string, number>> {
  const params: unknown[] = [projectId, clusterIds, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  const items = `SELECT fi.cluster_id AS grp, fi.feedback_id FROM feedback_items fi
    WHERE fi.project_id = $1 AND fi.cluster_id = ANY ($2::text[]) AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered}`;
  return revenueByGroup(db, projectId, items, params.slice(1));
}

const within = (instant: Date | null, { from, to }: Period) => instant !== null && instant >= from && instant < to;

function toThemeTrend(row: Row, period: Period, revenue: number): ThemeTrend {
  return {
    id: row.cluster_id,
    label: row.label,
    status: row.status,
    muted: row.muted,
    count: row.count,
    previous: row.previous,
    growth: row.previous === 0 ? null : (row.count - row.previous) / row.previous,
    sentiment: { positive: row.positive, neutral: row.neutral, negative: row.negative },
    revenue,
    churnRiskCount: row.churn_risk,
    new: within(row.first_seen_at, period),
    spiking: row.spiking && !row.muted,
    regressed: within(row.regressed_at, period),
    firstSeenAt: row.first_seen_at?.toISOString() ?? null,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
  };
}
