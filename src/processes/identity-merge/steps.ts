import { userDecider } from '../../domain/user/decider.js';
import { userStreamIncarnation } from '../../domain/user/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import type { LogPosition } from '../../eventstore/event-store.js';
import { handleOnLiveIncarnation } from '../../eventstore/incarnations.js';
import type { CoreServices } from '../../services.js';

export type IdentityMergeServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

export class IdentityMergeNotDueError extends Error {}

/** The suggestion as the read model holds it; undefined once an erasure took it. */
async function suggestionOf(services: IdentityMergeServices, suggestionId: string) {
  const found = await services.db.query<{ project_id: string; email: string; candidate_user_id: string }>(
    `SELECT project_id, email, candidate_user_id FROM identity_suggestions WHERE suggestion_id = $1`,
    [suggestionId],
  );
  return found.rows[0];
}

/**
 * `ShadowUserMerged` on the candidate's stream (once per suggestion: the user decider ignores a
 * repeat), then waits until the read models have applied it. A candidate or shadow user erased
 * since the confirmation took the suggestion with them: there is nothing left to merge.
 */
export async function mergeProfile(services: IdentityMergeServices, suggestionId: string, confirmedAt: LogPosition, context: CommandContext): Promise<void> {
  if (!(await services.engine.waitFor(confirmedAt))) throw new IdentityMergeNotDueError('the read models have not yet applied the confirmation');
  const suggestion = await suggestionOf(services, suggestionId);
  if (!suggestion) return;
  const { project_id: projectId, email, candidate_user_id: userId } = suggestion;
  const handled = await handleOnLiveIncarnation(
    services.store,
    (incarnation) => userStreamIncarnation(projectId, userId, incarnation),
    userDecider,
    { type: 'MergeShadowUser', projectId, userId, email, suggestionId, at: services.clock.now().toISOString() },
    { context },
  );
  const last = handled.appended?.position ?? (await services.store.readStream(handled.stream)).at(-1)?.position;
  if (last && !(await services.engine.waitFor(last))) throw new IdentityMergeNotDueError('the read models have not yet applied the merge');
}

/** Whether the merge reached the read models (false when an erasure took the suggestion first). */
export async function wasMerged(services: IdentityMergeServices, suggestionId: string): Promise<boolean> {
  const found = await services.db.query(`SELECT 1 FROM identity_suggestions WHERE suggestion_id = $1 AND merged_at IS NOT NULL`, [suggestionId]);
  return (found.rowCount ?? 0) > 0;
}
