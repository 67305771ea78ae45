import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream, type ClusterStatus } from '../../src/domain/cluster/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

export interface ChangeClusterStatusInput {
  projectId: string;
  /** A theme of the project that was not merged away (the route resolves a merged id to its survivor). */
  clusterId: string;
  status: ClusterStatus;
}

/** Resolve, mute or reactivate a theme; resolving records the end users whose feedback is in it. */
export async function changeClusterStatus(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, clusterId, status }: ChangeClusterStatusInput,
  context: CommandContext,
): Promise<void> {
  const users = await services.db.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM cluster_members WHERE cluster_id = $1 AND user_id IS NOT NULL ORDER BY user_id`,
    [clusterId],
  );
  const handled = await handleCommand(
    services.store,
    clusterStream(clusterId),
    clusterDecider,
    {
      type: 'SetStatus',
      projectId,
      status,
      userIds: status === 'resolved' ? users.rows.map((row) => row.user_id) : [],
      at: services.clock.now().toISOString(),
    },
    { context },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
