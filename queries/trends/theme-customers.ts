import type { Queryable } from '../../src/db/database.js';
import type { HealthBand } from '../../src/domain/user/health.js';
import { assessHealth } from '../../src/resources/health-model.js';
import { healthInputsOfUsers } from '../../src/work/user-health/health-inputs.js';
import type { Period } from './period.js';
import { filterConditions, type TrendFilters } from './theme-trends.js';

export interface ThemeCustomer {
  userId: string;
  /** The amount of the project's customerValueTrait; null when the project names none or the user has no mark. */
  value: number | null;
  band: HealthBand;
  /** The user's items in the theme in the period. */
  items: number;
}

/**
 * The users with items in a theme in the period, the most valuable first (then the most items), each
 * with the health band `GET /users/{id}` gives; at most `limit` of them, and how many there are in all.
 */
export async function themeCustomers(
  db: Queryable,
  projectId: string,
  clusterId: string,
  period: Period,
  filters: TrendFilters,
  limit: number,
  now: Date,
): Promise<{ customers: ThemeCustomer[]; total: number }> {
  const params: unknown[] = [projectId, clusterId, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  params.push(limit);
  const rows = await db.query<{ user_id: string; items: number; value: string | null; total: number }>(
    `WITH members AS (
       SELECT uf.user_id, count(*)::int AS items
         FROM feedback_items fi JOIN user_feedback uf ON uf.feedback_id = fi.feedback_id
        WHERE fi.project_id = $1 AND fi.cluster_id = $2 AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered}
        GROUP BY uf.user_id)
     SELECT members.user_id, members.items, m.current::text AS value, count(*) OVER ()::int AS total
       FROM members
       JOIN projects p ON p.project_id = $1
       LEFT JOIN user_value_marks m ON m.project_id = $1 AND m.user_id = members.user_id AND m.trait = p.settings->>'customerValueTrait'
      ORDER BY m.current DESC NULLS LAST, members.items DESC, members.user_id
      LIMIT $${params.length}`,
    params,
  );
  const inputs = await healthInputsOfUsers(
    db,
    projectId,
    rows.rows.map((row) => row.user_id),
    now,
  );
  const customers = rows.rows.map((row) => ({
    userId: row.user_id,
    value: row.value === null ? null : Number(row.value),
    band: assessHealth(inputs.get(row.user_id)!, now).band,
    items: row.items,
  }));
  return { customers, total: rows.rows[0]?.total ?? 0 };
}
