import { identityMergeDecider } from '../../src/domain/identity-merge/decider.js';
import { mergeSuggestionStream } from '../../src/domain/identity-merge/events.js';
import { Conflict, NotFound } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { runIdentityMerge } from '../../src/processes/identity-merge/run.js';
import { IdentityMergeNotDueError, wasMerged } from '../../src/processes/identity-merge/steps.js';
import type { CoreServices } from '../../src/services.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

const SUGGESTION_ID = /^sug_[A-Za-z0-9_-]{22}$/;

/** The suggestion's project; NotFound for an id no suggestion has (never seen, or gone with its shadow user). */
async function projectOf(services: Services, suggestionId: string): Promise<string> {
  const notFound = new NotFound('Merge suggestion', `No merge suggestion ${suggestionId} (see feedbackctl identity suggestions).`);
  if (!SUGGESTION_ID.test(suggestionId)) throw notFound;
  const found = await services.db.query<{ project_id: string }>(`SELECT project_id FROM identity_suggestions WHERE suggestion_id = $1`, [suggestionId]);
  if (!found.rows[0]) throw notFound;
  return found.rows[0].project_id;
}

/**
 * While the project's linking is `off` an open suggestion is not confirmed: this covers one that the
 * dismissal on turning it off has not reached yet (a decided one answers as before).
 */
async function refuseWhileLinkingOff(services: Services, projectId: string, suggestionId: string): Promise<void> {
  const blocked = await services.db.query(
    `SELECT 1 FROM identity_suggestions s JOIN user_linking l USING (project_id) WHERE s.suggestion_id = $1 AND s.status = 'open' AND l.linking = 'off'`,
    [suggestionId],
  );
  if (blocked.rowCount === 1) {
    throw new Conflict(`Identity linking is off in project ${projectId}; suggestion ${suggestionId} cannot be confirmed.`);
  }
}

export interface MergeOutcome {
  suggestionId: string;
  /** `pending`: the confirmation is recorded, the worker finishes the merge. */
  merge: 'merged' | 'pending' | 'nothing-to-merge';
}

/**
 * Confirms a merge suggestion (spec 2.3) and runs the merge process at once: the shadow user's items
 * become the candidate's, the email their alias. Confirming again is a no-op that reports the
 * merge; a rejected or dismissed suggestion cannot be confirmed, nor any while linking is off (Conflict).
 */
export async function confirmMergeSuggestion(services: Services, suggestionId: string, context: CommandContext): Promise<MergeOutcome> {
  const projectId = await projectOf(services, suggestionId);
  await refuseWhileLinkingOff(services, projectId, suggestionId);
  await decideSuggestion(services, 'ConfirmSuggestion', suggestionId, projectId, context);
  try {
    await runIdentityMerge(services, suggestionId, context);
  } catch (error) {
    if (error instanceof IdentityMergeNotDueError) return { suggestionId, merge: 'pending' };
    throw error;
  }
  return { suggestionId, merge: (await wasMerged(services, suggestionId)) ? 'merged' : 'nothing-to-merge' };
}

/** Rejects a merge suggestion: both users stay apart, and the pair is not suggested again. Rejecting again is a no-op. */
export async function rejectMergeSuggestion(services: Services, suggestionId: string, context: CommandContext): Promise<void> {
  await decideSuggestion(services, 'RejectSuggestion', suggestionId, await projectOf(services, suggestionId), context);
}

/**
 * Records a decision on a suggestion in its own record and waits until the read models have it
 * (nothing when the decider finds it already so).
 */
export async function decideSuggestion(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  type: 'ConfirmSuggestion' | 'RejectSuggestion' | 'DismissSuggestion',
  suggestionId: string,
  projectId: string,
  context: CommandContext,
): Promise<void> {
  const command = { type, suggestionId, projectId, at: services.clock.now().toISOString() };
  const handled = await handleCommand(services.store, mergeSuggestionStream(suggestionId), identityMergeDecider, command, { context });
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
