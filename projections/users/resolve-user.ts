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
