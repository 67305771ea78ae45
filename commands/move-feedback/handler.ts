import { NotFound } from '../../src/domain/errors.js';
import { feedbackDecider } from '../../src/domain/feedback/decider.js';
import { feedbackStream, type FeedbackMoved } from '../../src/domain/feedback/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import { StreamErasedError, type AppendResult } from '../../src/eventstore/event-store.js';
import type { CoreServices } from '../../src/services.js';
import { withThemesHeld } from '../../src/work/clustering/edit-lease.js';
import { relabelAfterDelete } from '../../src/work/clustering/relabel-after-delete.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>;

export interface MoveFeedbackInput {
  projectId: string;
  feedbackId: string;
  /** A theme of the project that was not merged away (the route resolves a merged id to its survivor). */
  clusterId: string;
}

/**
 * A person puts one item into another theme; both themes' counts and centres follow. The theme it
 * left gets a new label generation from its remaining items (the previous one erased), so no label
 * of a theme keeps the words of an item that is no longer in it, should that item be deleted later.
 */
export async function moveFeedback(services: Services, input: MoveFeedbackInput, context: CommandContext): Promise<void> {
  await withThemesHeld(services, input.projectId, async () => {
    const { appended, from } = await recordMove(services, { ...input, reason: 'move' }, context);
    if (!appended) return;
    await services.engine.waitFor(appended.position);
    await relabelAfterDelete(services, input.projectId, from, context);
  });
}

/**
 * Records one item's move into `clusterId` (the caller holds the project's themes). Its current
 * theme is read from the clusters read model, which follows merges and earlier moves.
 */
export async function recordMove(
  services: Services,
  { projectId, feedbackId, clusterId, reason }: MoveFeedbackInput & { reason: FeedbackMoved['data']['reason'] },
  context: CommandContext,
): Promise<{ appended: AppendResult | null; from: string }> {
  const current = await services.db.query<{ cluster_id: string | null }>(`SELECT cluster_id FROM cluster_members WHERE feedback_id = $1 AND project_id = $2`, [
    feedbackId,
    projectId,
  ]);
  const target = await services.db.query<{ model: string }>(`SELECT model FROM clusters WHERE cluster_id = $1 AND project_id = $2`, [clusterId, projectId]);
  if (!target.rows[0]) throw new NotFound('The cluster');
  const from = current.rows[0]?.cluster_id ?? null;
  try {
    const handled = await handleCommand(
      services.store,
      feedbackStream(feedbackId),
      feedbackDecider,
      {
        type: 'MoveToCluster',
        move: { feedbackId, projectId, fromClusterId: from, clusterId, reason, movedAt: services.clock.now().toISOString() },
        targetModel: target.rows[0].model,
      },
      { context },
    );
    // The decider refuses an item without a theme, so `from` is set whenever this returns.
    return { appended: handled.appended, from: from! };
  } catch (error) {
    if (error instanceof StreamErasedError) throw new NotFound('The feedback item');
    throw error;
  }
}
