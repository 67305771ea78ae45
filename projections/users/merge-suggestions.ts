import type { Queryable } from '../../src/db/database.js';
import { mergeSuggestionId } from '../../src/domain/identity-merge/events.js';
import { mergeSuggestionReason, type EmailClaim } from '../../src/domain/user/email-linking.js';
import type { ShadowUserMerged } from '../../src/domain/user/events.js';
import { settleUser } from './user-row.js';

const isShadow = async (tx: Queryable, projectId: string, email: string) =>
  ((await tx.query(`SELECT 1 FROM users WHERE project_id = $1 AND user_id = $2 AND shadow`, [projectId, email])).rowCount ?? 0) > 0;

/**
 * A claim that the rules keep apart from the shadow user of its email becomes a suggestion (spec
 * 2.3), once per email and candidate: a decided one stays decided. One dismissed when linking was
 * turned off is raised afresh (a new id, open again) once linking is back on. Nothing when no
 * shadow user of that email exists (there is nothing to merge) or linking is `off`.
 */
export async function suggestMerge(tx: Queryable, claim: EmailClaim, raisedBy: { eventId: string; at: string }, projectId: string): Promise<void> {
  const reason = mergeSuggestionReason(claim);
  if (reason === null || claim.email === claim.userId || !(await isShadow(tx, projectId, claim.email))) return;
  await tx.query(
    `INSERT INTO identity_suggestions (suggestion_id, project_id, email, candidate_user_id, reason, status, created_at)
     VALUES ($1, $2, $3, $4, $5, 'open', $6)
     ON CONFLICT (project_id, email, candidate_user_id) DO UPDATE
       SET suggestion_id = excluded.suggestion_id, reason = excluded.reason, status = 'open', created_at = excluded.created_at, decided_at = NULL
       WHERE identity_suggestions.status = 'dismissed'`,
    [mergeSuggestionId(raisedBy.eventId, claim.email, claim.userId), projectId, claim.email, claim.userId, reason, raisedBy.at],
  );
}

/**
 * The identified users whose `email` trait is this address (a shadow user of it has just appeared):
 * the candidates of a suggestion, if the rules keep them apart.
 */
export async function claimantsOf(tx: Queryable, projectId: string, email: string): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT user_id FROM users WHERE project_id = $1 AND NOT shadow AND jsonb_typeof(traits -> 'email') = 'string'
        AND lower(btrim(traits ->> 'email')) = $2 ORDER BY user_id`,
    [projectId, email],
  );
  return rows.rows.map((row) => row.user_id);
}

/** Once the shadow user is gone (merged, its items deleted, erased), its undecided and rejected suggestions go too. */
export async function dropSuggestionsOfGoneShadow(tx: Queryable, projectId: string, email: string): Promise<void> {
  if (await isShadow(tx, projectId, email)) return;
  await tx.query(`DELETE FROM identity_suggestions WHERE project_id = $1 AND email = $2 AND status <> 'confirmed'`, [projectId, email]);
}

/** An erased user takes the suggestions that name them, as candidate or as the shadow user. */
export async function dropSuggestionsOf(tx: Queryable, projectId: string, userId: string): Promise<void> {
  await tx.query(`DELETE FROM identity_suggestions WHERE project_id = $1 AND (candidate_user_id = $2 OR email = $2)`, [projectId, userId]);
}

export async function decideSuggestion(tx: Queryable, suggestionId: string, status: 'confirmed' | 'rejected' | 'dismissed', at: string): Promise<void> {
  await tx.query(`UPDATE identity_suggestions SET status = $2, decided_at = $3 WHERE suggestion_id = $1 AND status = 'open'`, [suggestionId, status, at]);
}

/**
 * A confirmed merge (the process's `ShadowUserMerged`): the email becomes the user's alias (taken
 * from another claimant if one held it), the shadow user's items become the user's, the shadow
 * user goes. Into a user the read models no longer know (erased meanwhile), nothing.
 */
export async function mergeShadowUser(tx: Queryable, { projectId, userId, email, suggestionId, at }: ShadowUserMerged['data']): Promise<void> {
  const user = await tx.query(`SELECT 1 FROM users WHERE project_id = $1 AND user_id = $2 AND NOT shadow`, [projectId, userId]);
  if (user.rowCount === 0) return;
  await tx.query(
    `INSERT INTO user_aliases (project_id, email, user_id) VALUES ($1, $2, $3) ON CONFLICT (project_id, email) DO UPDATE SET user_id = excluded.user_id`,
    [projectId, email, userId],
  );
  const shadow = await tx.query(`DELETE FROM users WHERE project_id = $1 AND user_id = $2 AND shadow RETURNING user_id`, [projectId, email]);
  if ((shadow.rowCount ?? 0) > 0) await tx.query(`UPDATE user_feedback SET user_id = $3 WHERE project_id = $1 AND user_id = $2`, [projectId, email, userId]);
  await settleUser(tx, projectId, userId);
  await tx.query(`UPDATE identity_suggestions SET merged_at = $2 WHERE suggestion_id = $1`, [suggestionId, at]);
  await dropSuggestionsOfGoneShadow(tx, projectId, email);
}
