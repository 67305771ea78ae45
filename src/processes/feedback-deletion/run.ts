import { feedbackDeletionDecider, nextDeletionStep, type FeedbackDeletionCommand } from '../../domain/feedback-deletion/decider.js';
import { feedbackDeletionStream, type FeedbackDeletionStep } from '../../domain/feedback-deletion/events.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';
import { relabelAfterDelete } from '../../work/clustering/relabel-after-delete.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';

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

async function perform(services: DeletionServices, step: FeedbackDeletionStep, deletion: FeedbackDeletion, context: CommandContext): Promise<void> {
  if (step === 'erase-item') {
    const stream = feedbackStream(deletion.feedbackId);
    const erased = await eraseDeletedStream(services, stream);
    // Not erased and still readable: the projections have not yet applied the deletion; try again later.
    if (!erased && (await services.store.readStream(stream)).length > 0) throw new DeletionNotDueError('the item is not yet erasable');
    return;
  }
  await relabelAfterDelete(services, deletion.projectId, await survivingTheme(services, deletion.clusterId!), context);
}

/**
 * The feedback deletion process: erase the item's stream, then relabel its theme, each step recorded
 * in the process's own stream, then complete and erase that record. Run inline by the request and resumed by a worker after
 * a crash, from the step it reached; a step interrupted before it was recorded runs again, which
 * every step allows.
 */
export async function runFeedbackDeletion(
  services: DeletionServices,
  deletion: FeedbackDeletion,
  context: CommandContext,
  options: DeletionRunOptions = {},
): Promise<void> {
  const stream = feedbackDeletionStream(deletion.feedbackId);
  let state = foldStream(feedbackDeletionDecider, await services.store.readStream(stream));
  const record = (command: FeedbackDeletionCommand) => handleCommand(services.store, stream, feedbackDeletionDecider, command, { context });
  for (;;) {
    const next = nextDeletionStep(state, deletion.clusterId !== null);
    if (next === 'nothing') return;
    const at = services.clock.now().toISOString();
    if (next === 'complete') {
      const completed = await record({ type: 'Complete', feedbackId: deletion.feedbackId, projectId: deletion.projectId, at });
      // The record names the item: once complete it goes too (the erasure worker finishes it otherwise).
      if (completed.appended) await services.engine.waitFor(completed.appended.position);
      await eraseDeletedStream(services, stream);
      return;
    }
    await perform(services, next, deletion, context);
    state = (await record({ type: 'RecordStep', feedbackId: deletion.feedbackId, step: next, at })).state;
    await options.onStepRecorded?.(next);
  }
}
