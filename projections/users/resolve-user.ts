import type { Queryable } from '../../src/db/database.js';
import { normaliseEmail } from '../../src/domain/user/email-linking.js';

/**
 * The user a path or filter names (spec 2.3: "userId and email resolve in that priority order"): an
 * identified user with that userId, else the user the email is an alias of, else the shadow user
 * of that email. Undefined when the project knows none.
 */
export async function resolveUserId(db: Queryable, projectId: string, userIdOrEmail: string): Promise<string | undefined> {
  const found = await db.query<{ user_id: string }>(
    `SELECT user_id FROM (
       SELECT user_id, 0 AS rank FROM users WHERE project_id = $1 AND user_id = $2 AND NOT shadow
       UNION ALL SELECT user_id, 1 FROM user_aliases WHERE project_id = $1 AND email = $3
       UNION ALL SELECT user_id, 2 FROM users WHERE project_id = $1 AND user_id = $3 AND shadow
     ) candidates ORDER BY rank LIMIT 1`,
    [projectId, userIdOrEmail, normaliseEmail(userIdOrEmail)],
  );
  return found.rows[0]?.user_id;
}

/**
 * The user an erasure request names (spec 4.7): as `resolveUserId`, or else a user no longer shown
 * (a shadow user or one seen only in items, whose items were all deleted) whose health-band history
 * is still in the log under that userId or email.
 */
export async function resolveErasableUserId(db: Queryable, projectId: string, userIdOrEmail: string): Promise<string | undefined> {
  const shown = await resolveUserId(db, projectId, userIdOrEmail);
  if (shown !== undefined) return shown;
  const gone = await db.query<{ user_id: string }>(
    `SELECT user_id FROM user_band_history WHERE project_id = $1 AND user_id IN ($2, $3) ORDER BY user_id = $2 DESC LIMIT 1`,
    [projectId, userIdOrEmail, normaliseEmail(userIdOrEmail)],
  );
  return gone.rows[0]?.user_id;
}
