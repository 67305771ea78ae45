import { feedbackDecider } from '../../domain/feedback/decider.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import { NotFound } from '../../domain/errors.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { handleCommand } from '../../eventstore/command-handler.js';
import { comparePositions, StreamErasedError, type LogPosition } from '../../eventstore/event-store.js';
import type { CoreServices } from '../../services.js';
import { relabelAfterDelete } from '../../work/clustering/relabel-after-delete.js';
import { eraseDeletedStreams } from '../../work/erase-stream.js';
import { survivingTheme } from '../feedback-deletion/run.js';
import { DEFAULT_USER_ERASURE_BATCH } from '../../config.js';
import type { UserErasureSubject } from './workflow.js';

export type EraseFeedbackServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

export class UserErasureNotDueError extends Error {}

/** A round's deletions take the projections seconds, not the 5 s a request waits. */
const PROJECTION_WAIT_MS = 120_000;

/** How the feedback step goes: items per round, and who hears of each round. */
export interface FeedbackRounds {
  batchSize?: number;
  onItemsDeleted?: (count: number) => void;
}

/**
 * The `erase-feedback` step, in rounds: finish the deletions already recorded for this erasure (log
 * and theme labels), then delete the next batch of the user's items (read models, work tables), and
 * again until none is left. The `FeedbackDeleted` events name the erasure, so the
 * `track-feedback-deletions` reactor keeps what each deletion still owes (its stream, its theme) in
 * `pending_feedback_deletions` from the moment it is in the log: a run killed anywhere leaves nothing
 * that the next run does not find and finish.
 */
export async function eraseUserFeedback(
  services: EraseFeedbackServices,
  erasure: UserErasureSubject,
  context: CommandContext,
  { batchSize = DEFAULT_USER_ERASURE_BATCH, onItemsDeleted }: FeedbackRounds = {},
): Promise<void> {
  const batch = Math.max(1, Math.floor(batchSize));
  for (;;) {
    await finishRecordedDeletions(services, erasure, context, batch);
    const items = await services.db.query<{ feedback_id: string }>(
      `SELECT feedback_id FROM user_feedback WHERE project_id = $1 AND user_id = $2
       UNION SELECT feedback_id FROM feedback_items WHERE project_id = $1 AND user_id = $2 LIMIT $3`,
      [erasure.projectId, erasure.userId, batch],
    );
    if (items.rows.length === 0) return;
    const positions = await Promise.all(items.rows.map((row) => deleteItem(services, erasure, row.feedback_id, context)));
    let latest: LogPosition | undefined;
    for (const position of positions) if (position && (!latest || comparePositions(position, latest) > 0)) latest = position;
    // None appended: every item was deleted elsewhere and the read models do not show it yet; try again later rather than spin.
    if (!latest) throw new UserErasureNotDueError('items deleted elsewhere are not yet gone from the read models');
    if (!(await services.engine.waitFor(latest, PROJECTION_WAIT_MS))) throw new UserErasureNotDueError('the read models have not yet applied the deletions');
    onItemsDeleted?.(positions.filter((position) => position !== undefined).length);
  }
}

/** Appends the item's `FeedbackDeleted` (the store shares one transaction among concurrent appends); undefined when it was deleted already. */
async function deleteItem(
  services: EraseFeedbackServices,
  erasure: UserErasureSubject,
  feedbackId: string,
  context: CommandContext,
): Promise<LogPosition | undefined> {
  try {
    const handled = await handleCommand(
      services.store,
      feedbackStream(feedbackId),
      feedbackDecider,
      { type: 'DeleteFeedback', feedbackId, projectId: erasure.projectId, deletedAt: services.clock.now().toISOString(), erasureRequestId: erasure.requestId },
      { context },
    );
    return handled.appended?.position;
  } catch (error) {
    // Deleted meanwhile (by its own DELETE, or by a run this one resumes): nothing left to do for it.
    if (error instanceof NotFound || error instanceof StreamErasedError) return undefined;
    throw error;
  }
}

/** What the recorded deletions owe, a batch at a time: their streams leave the log in one go, each theme they were in is relabelled once. */
async function finishRecordedDeletions(services: EraseFeedbackServices, erasure: UserErasureSubject, context: CommandContext, batch: number): Promise<void> {
  for (;;) {
    const pending = await services.db.query<{ feedback_id: string; cluster_id: string | null }>(
      `SELECT feedback_id, cluster_id FROM pending_feedback_deletions WHERE erasure_request_id = $1 ORDER BY feedback_id LIMIT $2`,
      [erasure.requestId, batch],
    );
    if (pending.rows.length === 0) return;
    const streams = pending.rows.map((row) => feedbackStream(row.feedback_id));
    const erased = new Set(await eraseDeletedStreams(services, streams, PROJECTION_WAIT_MS));
    for (const stream of streams.filter((s) => !erased.has(s))) {
      // No erasure job: erased earlier (nothing left to read), or its deletion not yet seen by the reactor.
      if ((await services.store.readStream(stream)).length > 0) throw new UserErasureNotDueError('an item is not yet erasable');
    }
    const themes = new Set<string>();
    for (const clusterId of new Set(pending.rows.flatMap((row) => (row.cluster_id ? [row.cluster_id] : [])))) {
      themes.add(await survivingTheme(services, clusterId));
    }
    for (const theme of themes) await relabelAfterDelete(services, erasure.projectId, theme, context);
    await services.db.query(`DELETE FROM pending_feedback_deletions WHERE feedback_id = ANY ($1::text[])`, [pending.rows.map((row) => row.feedback_id)]);
  }
}
