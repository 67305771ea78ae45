import type { Queryable } from '../../src/db/database.js';
import { FEEDBACK_COLUMNS, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';
import { USER_FEEDBACK_LIMIT } from './schema.js';
import { resolveUserId } from '../../projections/users/resolve-user.js';
import { userHealth } from '../../src/work/user-health/health-inputs.js';

interface UserRow {
  user_id: string;
  traits: Record<string, string | number | boolean>;
  first_seen_at: Date;
  last_seen_at: Date;
  feedback_count: number;
}

interface ValueMarkRow {
  trait: string;
  current: string;
  last_positive: string | null;
  last_positive_at: Date | null;
  paying_since: Date | null;
  lost_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Amounts are exact decimals in the read model; as JSON numbers they read back as sent (at most 15 digits). */
const amount = (decimal: string | null) => (decimal === null ? null : Number(decimal));

/** The user of spec 2.3 (by userId or email alias), or undefined when the project has not seen them. */
export async function findUser(db: Queryable, projectId: string, userIdOrEmail: string, now: Date) {
  const userId = await resolveUserId(db, projectId, userIdOrEmail);
  if (userId === undefined) return undefined;
  const user = (
    await db.query<UserRow>(`SELECT user_id, traits, first_seen_at, last_seen_at, feedback_count FROM users WHERE project_id = $1 AND user_id = $2`, [
      projectId,
      userId,
    ])
  ).rows[0];
  if (!user) return undefined;
  const marks = await db.query<ValueMarkRow>(
    `SELECT trait, current::text AS current, last_positive::text AS last_positive, last_positive_at, paying_since, lost_at
       FROM user_value_marks WHERE project_id = $1 AND user_id = $2 ORDER BY trait`,
    [projectId, userId],
  );
  const feedback = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM feedback_items
      WHERE project_id = $1 AND feedback_id IN (SELECT feedback_id FROM user_feedback WHERE project_id = $1 AND user_id = $2)
      ORDER BY feedback_items.created_at DESC, feedback_items.list_seq DESC LIMIT ${USER_FEEDBACK_LIMIT}`,
    [projectId, userId],
  );
  return {
    userId: user.user_id,
    traits: user.traits,
    valueMarks: Object.fromEntries(
      marks.rows.map((row) => [
        row.trait,
        {
          current: amount(row.current)!,
          lastPositive: amount(row.last_positive),
          lastPositiveAt: iso(row.last_positive_at),
          payingSince: iso(row.paying_since),
          lostAt: iso(row.lost_at),
        },
      ]),
    ),
    firstSeenAt: user.first_seen_at.toISOString(),
    lastSeenAt: user.last_seen_at.toISOString(),
    feedbackCount: user.feedback_count,
    feedback: feedback.rows.map(toFeedbackItem),
    health: await userHealth(db, projectId, userId, now),
  };
}
