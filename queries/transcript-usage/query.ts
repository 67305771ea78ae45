import type { Queryable } from '../../src/db/database.js';

/**
 * Metered items counted by the project's calls received from `since` on: the plan's usage this
 * month. Skipped and plan-blocked calls count 0; a call judged internal later keeps its count.
 */
export async function meteredItemsSince(db: Queryable, projectId: string, since: Date): Promise<number> {
  const row = (
    await db.query<{ total: string | null }>(`SELECT sum(metered_items) AS total FROM transcripts WHERE project_id = $1 AND created_at >= $2`, [
      projectId,
      since.toISOString(),
    ])
  ).rows[0];
  return Number(row?.total ?? 0);
}
