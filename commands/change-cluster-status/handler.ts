import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream, type ClusterStatus } from '../../src/domain/cluster/events.js';
import { NotFound } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';
import { findCluster, type ClusterRow } from '../../queries/clusters/cluster-record.js';

export interface ChangeClusterStatusInput {
  projectId: string;
  clusterId: string;
  status: ClusterStatus;
}

/** Resolve, mute or reactivate a theme; resolving records the end users whose feedback is in it. */
export async function changeClusterStatus(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, clusterId, status }: ChangeClusterStatusInput,
  context: CommandContext,
): Promise<ClusterRow> {
  const cluster = await findCluster(services.db, projectId, clusterId);
  if (!cluster) throw new NotFound('The cluster');
  const users = await services.db.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM cluster_members WHERE cluster_id = $1 AND user_id IS NOT NULL ORDER BY user_id`,
    [cluster.cluster_id],
  );
  const handled = await handleCommand(services.store, clusterStream(cluster.cluster_id), clusterDecider, {
    type: 'SetStatus',
    projectId,
    status,
    userIds: status === 'resolved' ? users.rows.map((row) => row.user_id) : [],
    at: services.clock.now().toISOString(),
  }, { context });
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
  return (await findCluster(services.db, projectId, cluster.cluster_id))!;
}
