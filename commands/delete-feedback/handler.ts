import { feedbackDecider } from '../../src/domain/feedback/decider.js';
import { feedbackStream } from '../../src/domain/feedback/events.js';
import { notFound } from '../../src/errors.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { StreamErasedError } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { eraseDeletedStream } from '../../src/work/erase-stream.js';
import { relabelAfterDelete } from '../../src/work/clustering/relabel-after-delete.js';

/**
 * Hard delete: `FeedbackDeleted` removes the item from every read model and work table, then the
 * item's stream is erased from the log, and its theme is labelled anew without its words (the old
 * label generation erased too), so no readable copy of the text is left and a replay has nothing
 * to resurrect.
 */
export async function deleteFeedback(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  feedbackId: string,
): Promise<void> {
  const stream = feedbackStream(feedbackId);
  const theme = await services.db.query<{ cluster_id: string | null }>(
    `SELECT cluster_id FROM feedback_items WHERE project_id = $1 AND feedback_id = $2`,
    [projectId, feedbackId],
  );
  let handled;
  try {
    handled = await handleCommand(services.store, stream, feedbackDecider, {
      type: 'DeleteFeedback',
      feedbackId,
      projectId,
      deletedAt: services.clock.now().toISOString(),
    });
  } catch (error) {
    if (error instanceof StreamErasedError) throw notFound('The feedback item');
    throw error;
  }
  await services.engine.waitFor(handled.appended!.position);
  await eraseDeletedStream(services, stream);
  const clusterId = theme.rows[0]?.cluster_id;
  if (clusterId) await relabelAfterDelete(services, projectId, clusterId);
}
