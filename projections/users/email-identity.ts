import type { Queryable } from '../../src/db/database.js';
import { emailClaimOutcome, normaliseEmail } from '../../src/domain/user/email-linking.js';
import type { UserIdentified } from '../../src/domain/user/events.js';
import type { IdentityLinking, ProjectSettings } from '../../src/domain/project/events.js';
import { ensureUser, settleUser } from './user-row.js';
import { claimantsOf, dropSuggestionsOfGoneShadow, suggestMerge } from './merge-suggestions.js';

/** What raised a suggestion: its id makes the suggestion's id, its time the suggestion's `createdAt`. */
export interface Raiser {
  eventId: string;
  at: string;
}

/** The project's linking settings as the log says at this point (kept here, so a rebuild sees the same). */
export async function trackLinking(tx: Queryable, projectId: string, settings: Partial<ProjectSettings>): Promise<void> {
  await tx.query(`INSERT INTO user_linking (project_id, linking, ignore) VALUES ($1, 'auto', '{}') ON CONFLICT DO NOTHING`, [projectId]);
  if (settings.identityLinking !== undefined)
    await tx.query(`UPDATE user_linking SET linking = $2 WHERE project_id = $1`, [projectId, settings.identityLinking]);
  if (settings.identityLinkingIgnore !== undefined) {
    await tx.query(`UPDATE user_linking SET ignore = $2 WHERE project_id = $1`, [projectId, settings.identityLinkingIgnore]);
  }
}

async function aliasOf(tx: Queryable, projectId: string, email: string): Promise<string | undefined> {
  return (await tx.query<{ user_id: string }>(`SELECT user_id FROM user_aliases WHERE project_id = $1 AND email = $2`, [projectId, email])).rows[0]?.user_id;
}

async function linkingOf(tx: Queryable, projectId: string): Promise<{ linking: IdentityLinking; ignore: string[] }> {
  const found = await tx.query<{ linking: IdentityLinking; ignore: string[] }>(`SELECT linking, ignore FROM user_linking WHERE project_id = $1`, [projectId]);
  return found.rows[0] ?? { linking: 'auto', ignore: [] };
}

/**
 * An identify call's `email` trait (spec 4.5 rule 2): the email becomes an alias of the user, and
 * with linking `auto` a shadow user of that email merges in with its items (see `emailClaimOutcome`);
 * a claim the rules keep apart from an existing shadow user becomes a merge suggestion.
 */
export async function claimEmail(tx: Queryable, event: UserIdentified['data'], raisedBy: Raiser): Promise<void> {
  const trait = event.traitsSet.email;
  if (typeof trait !== 'string') return;
  const { projectId, userId } = event;
  const email = normaliseEmail(trait);
  const linking = await linkingOf(tx, projectId);
  const claim = { email, userId, linking: linking.linking, ignore: linking.ignore, aliasOf: await aliasOf(tx, projectId, email) };
  await suggestMerge(tx, claim, raisedBy, projectId);
  const outcome = emailClaimOutcome(claim);
  if (outcome === 'none') return;
  await tx.query(`INSERT INTO user_aliases (project_id, email, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [projectId, email, userId]);
  if (outcome !== 'link' || email === userId) return;
  const shadow = await tx.query(`DELETE FROM users WHERE project_id = $1 AND user_id = $2 AND shadow RETURNING user_id`, [projectId, email]);
  if (shadow.rowCount === 0) return;
  await tx.query(`UPDATE user_feedback SET user_id = $3 WHERE project_id = $1 AND user_id = $2`, [projectId, email, userId]);
  await settleUser(tx, projectId, userId);
  await dropSuggestionsOfGoneShadow(tx, projectId, email);
}

/**
 * Whom an item that came with an email and no userId belongs to (spec 4.1 `email`, 2.3): the user
 * the email is an alias of, or else the shadow user of that email (created on first sight; users
 * who claimed the email before without a merge become suggestions then).
 */
export async function userForEmail(tx: Queryable, projectId: string, email: string, seenAt: string, raisedBy: Raiser): Promise<string> {
  const owner = await aliasOf(tx, projectId, email);
  if (owner !== undefined) return owner;
  if (await ensureUser(tx, projectId, email, seenAt, true)) {
    const linking = await linkingOf(tx, projectId);
    for (const userId of await claimantsOf(tx, projectId, email)) {
      await suggestMerge(tx, { email, userId, linking: linking.linking, ignore: linking.ignore, aliasOf: undefined }, raisedBy, projectId);
    }
  }
  return email;
}

/** An erased user's aliases go with them. */
export async function dropAliases(tx: Queryable, projectId: string, userId: string): Promise<void> {
  await tx.query(`DELETE FROM user_aliases WHERE project_id = $1 AND user_id = $2`, [projectId, userId]);
}
