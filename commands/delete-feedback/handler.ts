import { NotFound } from '../../src/domain/errors.js';
import { feedbackDecider } from '../../src/domain/feedback/decider.js';
import { feedbackStream, type FeedbackDeleted } from '../../src/domain/feedback/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { StreamErasedError } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { runFeedbackDeletion } from '../../src/processes/feedback-deletion/run.js';

export interface DeleteFeedbackInput {
  projectId: string;
  feedbackId: string;
}

/**
 * Hard delete: `FeedbackDeleted` removes the item from every read model and work table, and starts
 * the deletion process (`src/processes/feedback-deletion`), run here before the answer: the item's
 * stream is erased from the log and its theme is labelled anew without its words (the old label
 * generation erased too), so no readable copy of the text is left and a replay has nothing to
 * resurrect. If the request dies midway, the process is resumed by the worker from its last step.
 */
export async function deleteFeedback(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, feedbackId }: DeleteFeedbackInput,
  context: CommandContext,
): Promise<void> {
  let handled;
  try {
    handled = await handleCommand(
      services.store,
      feedbackStream(feedbackId),
      feedbackDecider,
      { type: 'DeleteFeedback', feedbackId, projectId, deletedAt: services.clock.now().toISOString() },
      { context },
    );
  } catch (error) {
    if (error instanceof StreamErasedError) throw new NotFound('The feedback item');
    throw error;
  }
  const deleted = handled.events.find((event): event is FeedbackDeleted => event.type === 'FeedbackDeleted');
  await services.engine.waitFor(handled.appended!.position);
  await runFeedbackDeletion(services, { feedbackId, projectId, clusterId: deleted?.data.clusterId ?? null }, context);
}
