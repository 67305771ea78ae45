import { feedbackDeletionDecider, type FeedbackDeletionState } from '../../domain/feedback-deletion/decider.js';
import { feedbackDeletionStream, type FeedbackDeletionStep } from '../../domain/feedback-deletion/events.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';
import { relabelAfterDelete } from '../../work/clustering/relabel-after-delete.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';
import { decideFeedbackDeletion, type FeedbackDeletionAction } from './workflow.js';

export type DeletionServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

/** What `FeedbackDeleted` said: the item, its project, and the theme it had joined. */
export interface FeedbackDeletion {
  feedbackId: string;
  projectId: string;
  clusterId: string | null;
}

export interface DeletionRunOptions {
  /** Called after each step is recorded (observability; tests stop the process there). */
  onStepRecorded?: (step: FeedbackDeletionStep) => void | Promise<void>;
}

export class DeletionNotDueError extends Error {}

/** The theme the item's theme became: merges move a theme's items into another. */
export async function survivingTheme(services: DeletionServices, clusterId: string): Promise<string> {
  const result = await services.db.query<{ cluster_id: string }>(
    `WITH RECURSIVE chain AS (
       SELECT cluster_id, merged_into, 0 AS depth FROM clusters WHERE cluster_id = $1
       UNION ALL SELECT c.cluster_id, c.merged_into, chain.depth + 1 FROM clusters c JOIN chain ON c.cluster_id = chain.merged_into WHERE chain.depth < 100)
     SELECT cluster_id FROM chain WHERE merged_into IS NULL LIMIT 1`,
    [clusterId],
  );
  return result.rows[0]?.cluster_id ?? clusterId;
}

/** Performs one action of the workflow; returns the deletion's state after it. */
async function perform(
  services: DeletionServices,
  action: FeedbackDeletionAction,
  state: FeedbackDeletionState,
  context: CommandContext,
  options: DeletionRunOptions,
): Promise<FeedbackDeletionState> {
  switch (action.type) {
    case 'EraseItem': {
      const item = feedbackStream(action.feedbackId);
      const erased = await eraseDeletedStream(services, item);
      // Not erased and still readable: the projections have not yet applied the deletion; try again later.
      if (!erased && (await services.store.readStream(item)).length > 0) throw new DeletionNotDueError('the item is not yet erasable');
      return state;
    }
    case 'RelabelTheme':
      await relabelAfterDelete(services, action.projectId, await survivingTheme(services, action.clusterId), context);
      return state;
    case 'RecordStep': {
      const recorded = await handleCommand(services.store, feedbackDeletionStream(action.command.feedbackId), feedbackDeletionDecider, action.command, {
        context,
      });
      await options.onStepRecorded?.(action.command.step);
      return recorded.state;
    }
    case 'Complete': {
      const completed = await handleCommand(services.store, feedbackDeletionStream(action.command.feedbackId), feedbackDeletionDecider, action.command, {
        context,
      });
      if (completed.appended) await services.engine.waitFor(completed.appended.position);
      return completed.state;
    }
    case 'EraseRecord':
      // The erasure worker finishes it otherwise.
      await eraseDeletedStream(services, feedbackDeletionStream(action.feedbackId));
      return state;
  }
}

/**
 * Runs the feedback deletion workflow (`workflow.ts`): reads the deletion's record, asks the workflow
 * what to do, does it, and asks again until nothing is left. Run inline by the request and resumed by
 * a worker after a crash, from the step it reached; a step interrupted before it was recorded runs
 * again, which every step allows.
 */
export async function runFeedbackDeletion(
  services: DeletionServices,
  deletion: FeedbackDeletion,
  context: CommandContext,
  options: DeletionRunOptions = {},
): Promise<void> {
  let state = foldStream(feedbackDeletionDecider, await services.store.readStream(feedbackDeletionStream(deletion.feedbackId)));
  for (;;) {
    const actions = decideFeedbackDeletion({ ...deletion, at: services.clock.now().toISOString() }, state);
    if (actions.length === 0) return;
    for (const action of actions) state = await perform(services, action, state, context, options);
  }
}
