import { identityMergeDecider, type IdentityMergeCommand } from '../../domain/identity-merge/decider.js';
import { mergeSuggestionStream, type IdentityMergeStep } from '../../domain/identity-merge/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import { mergeProfile, wasMerged, type IdentityMergeServices } from './steps.js';
import { decideIdentityMerge, type IdentityMergeAction, type IdentityMergeProcessState } from './workflow.js';

export interface IdentityMergeRunOptions {
  /** Called after each step is recorded (observability; tests stop the process there). */
  onStepRecorded?: (step: IdentityMergeStep) => void | Promise<void>;
}

/** The suggestion's stream, read once: the record folded, and the confirmation if there is one. */
async function readMerge(services: IdentityMergeServices, suggestionId: string): Promise<IdentityMergeProcessState> {
  const recorded = await services.store.readStream(mergeSuggestionStream(suggestionId));
  const confirmed = recorded.find((event) => event.type === 'MergeSuggestionConfirmed');
  return {
    merge: foldStream(identityMergeDecider, recorded),
    ...(confirmed ? { confirmation: { projectId: confirmed.data.projectId as string, position: confirmed.position } } : {}),
  };
}

/** Performs one action of the workflow; returns the merge's state after it. */
async function perform(
  services: IdentityMergeServices,
  action: IdentityMergeAction,
  state: IdentityMergeProcessState,
  context: CommandContext,
  options: IdentityMergeRunOptions,
): Promise<IdentityMergeProcessState> {
  const record = (command: IdentityMergeCommand) =>
    handleCommand(services.store, mergeSuggestionStream(command.suggestionId), identityMergeDecider, command, { context });
  switch (action.type) {
    case 'MergeProfile':
      await mergeProfile(services, action.suggestionId, action.confirmedAt, context);
      return state;
    case 'RecordStep': {
      const { state: merge } = await record(action.command);
      await options.onStepRecorded?.(action.command.step);
      return { ...state, merge };
    }
    case 'Complete': {
      const { suggestionId, projectId, at } = action;
      const { state: merge } = await record({ type: 'CompleteMerge', suggestionId, projectId, merged: await wasMerged(services, suggestionId), at });
      return { ...state, merge };
    }
  }
}

/**
 * Runs the merge workflow of a suggestion (`workflow.ts`): reads the suggestion's record, asks the
 * workflow what to do, does it, and asks again until nothing is left. Run at once by the confirming
 * command, resumed by the worker from the step it reached after a crash.
 */
export async function runIdentityMerge(
  services: IdentityMergeServices,
  suggestionId: string,
  context: CommandContext,
  options: IdentityMergeRunOptions = {},
): Promise<void> {
  let state = await readMerge(services, suggestionId);
  for (;;) {
    const actions = decideIdentityMerge({ suggestionId, at: services.clock.now().toISOString() }, state);
    if (actions.length === 0) return;
    for (const action of actions) state = await perform(services, action, state, context, options);
  }
}
