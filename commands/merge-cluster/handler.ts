import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import type { MergeTarget } from '../../src/domain/cluster/decide.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { foldStream } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';
import { withThemesHeld } from '../../src/work/clustering/edit-lease.js';
import { decideOnCluster } from '../shared/decide-on-cluster.js';

export interface MergeClusterInput {
  projectId: string;
  /** The theme to fold away (the route resolves a merged id to its survivor). */
  clusterId: string;
  /** The theme that absorbs it, as the caller named it. */
  into: string;
}

/** A person folds one theme into another: its items, counts and centre join `into`, which keeps its label and status. */
export async function mergeCluster(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  { projectId, clusterId, into }: MergeClusterInput,
  context: CommandContext,
): Promise<void> {
  await withThemesHeld(services, projectId, async () => {
    const target = foldStream(clusterDecider, await services.store.readStream(clusterStream(into)));
    const mergeTarget: MergeTarget | undefined = target.exists
      ? { clusterId: target.clusterId!, projectId: target.projectId!, model: target.model!, mergedInto: target.mergedInto }
      : undefined;
    await decideOnCluster(services, clusterId, { type: 'MergeByHand', projectId, into: mergeTarget, at: services.clock.now().toISOString() }, context);
  });
}
