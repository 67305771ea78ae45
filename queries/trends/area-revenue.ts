import type { Queryable } from '../../src/db/database.js';
import { revenueByGroup } from './customer-value.js';
import type { Period } from './period.js';
import { filterConditions, type TrendFilters } from './theme-trends.js';

/**
 * Per parent area, the revenue its items in the period touch (its own and its children's), each user
 * counted once per area: summing the children's revenue would count a user in two of them twice.
 */
export function areaRevenue(db: Queryable, projectId: string, areaIds: readonly string[], period: Period, filters: TrendFilters): Promise<Map<string, number>> {
  if (areaIds.length === 0) return Promise.resolve(new Map());
  const params: unknown[] = [projectId, areaIds, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  const items = `SELECT coalesce(c.parent_id, c.cluster_id) AS grp, fi.feedback_id
      FROM feedback_items fi JOIN clusters c ON c.cluster_id = fi.cluster_id
     WHERE fi.project_id = $1 AND (c.cluster_id = ANY ($2::text[]) OR c.parent_id = ANY ($2::text[]))
       AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered}`;
  return revenueByGroup(db, projectId, items, params.slice(1));
}
