import type { Queryable } from '../../src/db/database.js';

interface ErasureRow {
  request_id: string;
  status: 'pending' | 'completed';
  requested_at: Date;
  completed_at: Date | null;
}

/** A user-deletion request of the project, or undefined. */
export async function findUserDeletion(db: Queryable, projectId: string, requestId: string) {
  const row = (
    await db.query<ErasureRow>(`SELECT request_id, status, requested_at, completed_at FROM user_erasures WHERE project_id = $1 AND request_id = $2`, [
      projectId,
      requestId,
    ])
  ).rows[0];
  if (!row) return undefined;
  return { requestId: row.request_id, status: row.status, requestedAt: row.requested_at.toISOString(), completedAt: row.completed_at?.toISOString() ?? null };
}
