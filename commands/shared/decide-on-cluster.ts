import type { ClusterCommand } from '../../src/domain/cluster/decide.js';
import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

/** Decides a person's command on a theme's stream and waits until the read models have seen what it recorded. */
export async function decideOnCluster(
  services: Pick<CoreServices, 'store' | 'engine'>,
  clusterId: string,
  command: ClusterCommand,
  context: CommandContext,
): Promise<void> {
  const handled = await handleCommand(services.store, clusterStream(clusterId), clusterDecider, command, { context });
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
