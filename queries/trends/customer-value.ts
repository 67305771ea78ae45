import type { Queryable } from '../../src/db/database.js';

/**
 * Per group, the revenue its items touch: the sum of the current customer value (the project's
 * `customerValueTrait`, spec 2.4) of the distinct users with items in it, as REVENUE_BY_CLUSTER
 * computes it for whole themes. `itemsSql` selects `(grp text, feedback_id text)` of project $1 and
 * may use the parameters after it.
 */
export async function revenueByGroup(db: Queryable, projectId: string, itemsSql: string, params: unknown[]): Promise<Map<string, number>> {
  const trait = await db.query<{ name: string | null }>(`SELECT settings->>'customerValueTrait' AS name FROM projects WHERE project_id = $1`, [projectId]);
  const name = trait.rows[0]?.name;
  if (!name) return new Map(); // no customer value configured: nothing to add up, no join to pay for
  const rows = await db.query<{ grp: string; revenue: string }>(
    // Each user's mark is looked up by its whole key (a correlated subquery): without planner statistics (PGlite runs
    // no autovacuum) a join was planned as a nested loop over every mark of the project for each user.
    `WITH members AS (SELECT DISTINCT items.grp, uf.user_id FROM (${itemsSql}) items JOIN user_feedback uf ON uf.feedback_id = items.feedback_id)
     SELECT grp, coalesce(sum((SELECT current FROM user_value_marks marks
                                WHERE marks.project_id = $1 AND marks.user_id = members.user_id AND marks.trait = $${params.length + 2})), 0)::text AS revenue
       FROM members GROUP BY grp`,
    [projectId, ...params, name],
  );
  return new Map(rows.rows.map((row) => [row.grp, Number(row.revenue)]));
}
