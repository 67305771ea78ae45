import type { Queryable } from '../../src/db/database.js';

/** A user row exists once the user is seen; its seen times and count are settled by `settleUser`. True when it is new. */
export async function ensureUser(tx: Queryable, projectId: string, userId: string, seenAt: string, shadow = false): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO users (project_id, user_id, traits, first_seen_at, last_seen_at, feedback_count, shadow)
     VALUES ($1, $2, '{}', $3, $3, 0, $4) ON CONFLICT (project_id, user_id) DO NOTHING`,
    [projectId, userId, seenAt, shadow],
  );
  return (inserted.rowCount ?? 0) > 0;
}

/**
 * Recomputes the count and the seen times from the identify calls and the user's remaining
 * items, and forgets a user who was only ever seen in items that are all deleted: the rows are
 * then those a replay of the log (where deleted items are erased) builds.
 */
export async function settleUser(tx: Queryable, projectId: string, userId: string): Promise<void> {
  // The row lock comes first so that the recount below takes its snapshot after any concurrent
  // writer of this user (the inline pass of a newer append) has committed: counted under an older
  // snapshot, the UPDATE would wait for that writer and then overwrite its newer count.
  await tx.query('SELECT 1 FROM users WHERE project_id = $1 AND user_id = $2 FOR UPDATE', [projectId, userId]);
  await tx.query(
    `DELETE FROM users WHERE project_id = $1 AND user_id = $2 AND identified_first_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM user_feedback WHERE project_id = $1 AND user_id = $2)`,
    [projectId, userId],
  );
  await tx.query(
    `UPDATE users u SET feedback_count = f.n,
            first_seen_at = least(u.identified_first_at, f.first_at),
            last_seen_at = greatest(u.identified_last_at, f.last_at)
       FROM (SELECT count(*)::int AS n, min(created_at) AS first_at, max(created_at) AS last_at
               FROM user_feedback WHERE project_id = $1 AND user_id = $2) f
      WHERE u.project_id = $1 AND u.user_id = $2`,
    [projectId, userId],
  );
}
