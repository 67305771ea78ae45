import { identityMergeDecider, nextIdentityMergeStep, type IdentityMergeCommand } from '../../domain/identity-merge/decider.js';
import { mergeSuggestionStream, type IdentityMergeStep } from '../../domain/identity-merge/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import { performIdentityMergeStep, wasMerged, type IdentityMergeServices } from './steps.js';

export interface IdentityMergeRunOptions {
  /** Called after each step is recorded (observability; tests stop the process there). */
  onStepRecorded?: (step: IdentityMergeStep) => void | Promise<void>;
}

/**
 * The merge process of a confirmed suggestion (spec 2.3): each step recorded in the suggestion's
 * stream, then `IdentityMergeCompleted`. Run at once by the confirming command, resumed by the
 * worker from the step it reached after a crash; a suggestion not confirmed, or already merged,
 * does nothing.
 */
export async function runIdentityMerge(
  services: IdentityMergeServices,
  suggestionId: string,
  context: CommandContext,
  options: IdentityMergeRunOptions = {},
): Promise<void> {
  const stream = mergeSuggestionStream(suggestionId);
  const recorded = await services.store.readStream(stream);
  const confirmed = recorded.find((event) => event.type === 'MergeSuggestionConfirmed');
  if (!confirmed) return;
  const projectId = confirmed.data.projectId as string;
  let state = foldStream(identityMergeDecider, recorded);
  const record = (command: IdentityMergeCommand) => handleCommand(services.store, stream, identityMergeDecider, command, { context });
  for (;;) {
    const next = nextIdentityMergeStep(state);
    if (next === 'nothing') return;
    const at = services.clock.now().toISOString();
    if (next === 'complete') {
      await record({ type: 'CompleteMerge', suggestionId, projectId, merged: await wasMerged(services, suggestionId), at });
      return;
    }
    await performIdentityMergeStep(services, next, suggestionId, confirmed.position, context);
    state = (await record({ type: 'RecordMergeStep', suggestionId, step: next, at })).state;
    await options.onStepRecorded?.(next);
  }
}
