import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { decideOnCluster } from '../shared/decide-on-cluster.js';

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
  await decideOnCluster(services, clusterId, { type: 'SetLinks', projectId, links, at: services.clock.now().toISOString() }, context);
}
