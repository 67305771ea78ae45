import { userErasureDecider, type UserErasureState } from '../../domain/user-erasure/decider.js';
import { userErasureOutcomeStream, userErasureStream, type UserErasureStep } from '../../domain/user-erasure/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';
import { eraseUserFeedback } from './erase-feedback.js';
import { eraseProfile, scrubDeliveries, type UserErasureServices } from './steps.js';
import { decideUserErasure, type UserErasureAction } from './workflow.js';

export interface UserErasureRunOptions {
  /** Called after each step is recorded (observability; tests stop the process there). */
  onStepRecorded?: (step: UserErasureStep) => void | Promise<void>;
  /** Items deleted per round of the feedback step (USER_ERASURE_BATCH). */
  batchSize?: number;
  /** Called after each round of the feedback step with the items it deleted (progress of a long erasure). */
  onItemsDeleted?: (count: number) => void;
}

/** Performs one action of the workflow; returns the erasure's state after it. */
async function perform(
  services: UserErasureServices,
  action: UserErasureAction,
  state: UserErasureState,
  context: CommandContext,
  options: UserErasureRunOptions,
): Promise<UserErasureState> {
  switch (action.type) {
    case 'EraseFeedback':
      await eraseUserFeedback(services, action.subject, context, options);
      return state;
    case 'EraseProfile':
      await eraseProfile(services, action.subject, context);
      return state;
    case 'ScrubDeliveries':
      await scrubDeliveries(services, action.subject);
      return state;
    case 'RecordStep': {
      const recorded = await handleCommand(services.store, userErasureStream(action.command.requestId), userErasureDecider, action.command, { context });
      await options.onStepRecorded?.(action.command.step);
      return recorded.state;
    }
    case 'Complete': {
      const outcome = await handleCommand(services.store, userErasureOutcomeStream(action.command.requestId), userErasureDecider, action.command, { context });
      if (outcome.appended) await services.engine.waitFor(outcome.appended.position);
      return { ...state, completed: true };
    }
    case 'EraseRequest':
      // The erasure worker finishes it otherwise.
      await eraseDeletedStream(services, userErasureStream(action.requestId));
      return state;
  }
}

/**
 * Runs the user erasure workflow (`workflow.ts`): reads the request's record, asks the workflow what
 * to do, does it, and asks again until nothing is left. Run by a worker, resumed from the step it
 * reached after a crash.
 */
export async function runUserErasure(services: UserErasureServices, requestId: string, context: CommandContext, options: UserErasureRunOptions = {}) {
  let state = foldStream(userErasureDecider, await services.store.readStream(userErasureStream(requestId)));
  for (;;) {
    const actions = decideUserErasure({ requestId, at: services.clock.now().toISOString() }, state);
    if (actions.length === 0) return;
    for (const action of actions) state = await perform(services, action, state, context, options);
  }
}
