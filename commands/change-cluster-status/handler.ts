import type { ClusterStatus } from '../../src/domain/cluster/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { decideOnCluster } from '../shared/decide-on-cluster.js';

export interface ChangeClusterStatusInput {
  projectId: string;
  /** A theme of the project that was not merged away (the route resolves a merged id to its survivor). */
  clusterId: string;
  status: ClusterStatus;
}

/** Resolve, mute or reactivate a theme (`cluster.resolved` lists the theme's end users, read by the webhook outbox). */
export async function changeClusterStatus(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, clusterId, status }: ChangeClusterStatusInput,
  context: CommandContext,
): Promise<void> {
  await decideOnCluster(
    services,
    clusterId,
    {
      type: 'SetStatus',
      projectId,
      status,
      at: services.clock.now().toISOString(),
    },
    context,
  );
}
