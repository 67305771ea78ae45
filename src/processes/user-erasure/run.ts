import { nextUserErasureStep, userErasureDecider, type UserErasureCommand } from '../../domain/user-erasure/decider.js';
import { userErasureOutcomeStream, userErasureStream, type UserErasureStep } from '../../domain/user-erasure/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';
import { performUserErasureStep, type UserErasureServices } from './steps.js';

export interface UserErasureRunOptions {
  /** Called after each step is recorded (observability; tests stop the process there). */
  onStepRecorded?: (step: UserErasureStep) => void | Promise<void>;
  /** Items deleted per round of the feedback step (USER_ERASURE_BATCH). */
  batchSize?: number;
  /** Called after each round of the feedback step with the items it deleted (progress of a long erasure). */
  onItemsDeleted?: (count: number) => void;
}

/**
 * The user erasure process (spec 4.7): erase the user's items, then their profile, then their id in
 * webhook payloads, each step recorded in the request's stream; then record the outcome and erase
 * the request (it names the user). Run by a worker, resumed from the step it reached after a crash.
 * A request already erased (completed before) reads as empty and does nothing.
 */
export async function runUserErasure(services: UserErasureServices, requestId: string, context: CommandContext, options: UserErasureRunOptions = {}) {
  const stream = userErasureStream(requestId);
  let state = foldStream(userErasureDecider, await services.store.readStream(stream));
  const request = state.request;
  if (!request) return;
  const subject = { requestId, projectId: request.projectId, userId: request.userId };
  const record = (target: string, command: UserErasureCommand) => handleCommand(services.store, target, userErasureDecider, command, { context });
  for (;;) {
    const next = nextUserErasureStep(state);
    const at = services.clock.now().toISOString();
    if (next === 'nothing') return;
    if (next === 'complete') {
      const outcome = await record(userErasureOutcomeStream(requestId), {
        type: 'CompleteUserErasure',
        requestId,
        projectId: request.projectId,
        requestedAt: request.requestedAt,
        at,
      });
      if (outcome.appended) await services.engine.waitFor(outcome.appended.position);
      // The request names the user: it goes now (the erasure worker finishes it otherwise).
      await eraseDeletedStream(services, stream);
      return;
    }
    await performUserErasureStep(services, next, subject, context, options);
    state = (await record(stream, { type: 'RecordUserErasureStep', requestId, step: next, at })).state;
    await options.onStepRecorded?.(next);
  }
}
