import { createHash } from 'node:crypto';
import { redact } from '../../src/analysis/redaction/index.js';
import { checkedLabel } from '../../src/domain/cluster/label-rules.js';
import { CtfidfLabeler } from '../../src/analysis/labels/ctfidf-labeler.js';
import { ClusterExists } from '../../src/domain/cluster/decide.js';
import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import { Conflict, Invalid, NotFound } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { foldStream, handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';
import { withThemesHeld } from '../../src/work/clustering/edit-lease.js';
import { recordLabel } from '../../src/work/clustering/record-label.js';
import { relabelAfterDelete } from '../../src/work/clustering/relabel-after-delete.js';
import { labelTheme } from '../../src/work/clustering/theme-label.js';
import { recordMove } from '../move-feedback/handler.js';
import { renameCluster } from '../rename-cluster/handler.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>;

export interface SplitClusterInput {
  projectId: string;
  /** The theme to split (the route resolves a merged id to its survivor). */
  clusterId: string;
  /** The items that form the new theme; at least one item must stay. */
  feedbackIds: string[];
  /** The new theme's label; automatic (from its items) when absent. */
  label?: string;
}

/**
 * The new theme's id follows from the theme split and the items named, so a request repeated after
 * a failure midway finds the theme it started and moves the items still left.
 */
export const splitClusterId = (from: string, feedbackIds: string[]) =>
  `cl_${BigInt(
    '0x' +
      createHash('sha256')
        .update(`split\u0000${from}\u0000${[...feedbackIds].sort().join('\u0000')}`)
        .digest('hex')
        .slice(0, 26),
  )
    .toString(36)
    .padStart(20, '0')
    .slice(-20)}`;

/** A person splits items off a theme into a new one: `ClusterCreated` + `ClusterSplit`, then one `FeedbackMoved` per item. */
export async function splitCluster(services: Services, input: SplitClusterInput, context: CommandContext): Promise<string> {
  const { projectId, clusterId: from } = input;
  const feedbackIds = [...new Set(input.feedbackIds)];
  const newId = splitClusterId(from, feedbackIds);
  // Checked before anything moves: a label the rename would refuse must not leave a half-done split.
  const label = input.label === undefined ? undefined : checkedLabel(redact(input.label).text);
  await withThemesHeld(services, projectId, async () => {
    const source = foldStream(clusterDecider, await services.store.readStream(clusterStream(from)));
    if (!source.exists || source.projectId !== projectId) throw new NotFound('The cluster');
    await checkMembers(services, projectId, from, newId, feedbackIds);
    const now = services.clock.now().toISOString();
    await handleCommand(
      services.store,
      clusterStream(newId),
      clusterDecider,
      { type: 'SplitOff', clusterId: newId, projectId, model: source.model!, from, feedbackIds, at: now },
      { context },
    ).catch((error) => {
      if (!(error instanceof ClusterExists)) throw error; // a repeated request: carry on moving
    });
    await services.engine.waitFor((await services.store.readStream(clusterStream(newId))).at(-1)!.position);
    let last = null;
    for (const feedbackId of feedbackIds)
      last = (await recordMove(services, { projectId, feedbackId, clusterId: newId, reason: 'split' }, context)).appended ?? last;
    if (!last) return;
    await services.engine.waitFor(last.position);
    // As after a move: the theme split keeps no label made with the words of items that left it.
    await relabelAfterDelete(services, projectId, from, context);
  });
  if (label !== undefined) await renameCluster(services, { projectId, clusterId: newId, label }, context);
  else await recordLabel(services, projectId, newId, await labelTheme(services.db, new CtfidfLabeler(), projectId, newId), context);
  return newId;
}

/** Every item named is in the theme (or already in the new one, on a repeat), and one item at least stays. */
async function checkMembers(services: Services, projectId: string, from: string, newId: string, feedbackIds: string[]): Promise<void> {
  const members = await services.db.query<{ feedback_id: string; cluster_id: string | null }>(
    `SELECT feedback_id, cluster_id FROM cluster_members WHERE project_id = $1 AND (cluster_id = $2 OR feedback_id = ANY($3::text[]))`,
    [projectId, from, feedbackIds],
  );
  const clusterOf = new Map(members.rows.map((row) => [row.feedback_id, row.cluster_id]));
  const problems = feedbackIds.flatMap((id, i) =>
    clusterOf.get(id) === from || clusterOf.get(id) === newId ? [] : [{ field: `feedbackIds[${i}]`, message: 'is not an item of this theme' }],
  );
  if (problems.length > 0) throw new Invalid(problems.slice(0, 20));
  const named = new Set(feedbackIds);
  if (!members.rows.some((row) => row.cluster_id === from && !named.has(row.feedback_id))) {
    throw new Conflict('A split must leave at least one item in the theme; to rename the theme, PATCH its label.');
  }
}
