import { clusterDecider } from '../../src/domain/cluster/decider.js';
import { clusterStream } from '../../src/domain/cluster/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

export interface SetClusterLinksInput {
  projectId: string;
  /** A theme of the project that was not merged away. */
  clusterId: string;
  /** Tracker issue URLs (GitHub, Linear, Jira); replaces the theme's links. */
  links: string[];
}

/** Sets a theme's links to tracker issues (`ClusterLinksChanged`, canonical URLs); the same links again change nothing. */
export async function setClusterLinks(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  { projectId, clusterId, links }: SetClusterLinksInput,
  context: CommandContext,
): Promise<void> {
  const handled = await handleCommand(
    services.store,
    clusterStream(clusterId),
    clusterDecider,
    { type: 'SetLinks', projectId, links, at: services.clock.now().toISOString() },
    { context },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
