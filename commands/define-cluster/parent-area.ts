import type { ParentArea } from '../../src/domain/cluster/definition-rules.js';
import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import { foldStream } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

/** The theme named as a parent area, as its own stream says (no project when there is no such theme). */
export async function parentArea(services: Pick<CoreServices, 'store'>, clusterId: string): Promise<ParentArea> {
  const parent = foldStream(clusterDecider, await services.store.readStream(clusterStream(clusterId)));
  if (!parent.exists) return { clusterId };
  return { clusterId, projectId: parent.projectId, parentId: parent.parentId, mergedInto: parent.mergedInto };
}
