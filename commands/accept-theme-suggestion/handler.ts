import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { changeClusterDefinition } from '../change-cluster-definition/handler.js';
import { renameCluster } from '../rename-cluster/handler.js';

export interface AcceptThemeSuggestionInput {
  projectId: string;
  /** A current suggestion of the project (the caller reads it from the suggestions query). */
  suggestion: { id: string; label: string; keywords: readonly string[] };
  /** The suggestion's label when absent. */
  label?: string;
  /** The suggestion's keywords when absent. */
  keywords?: readonly unknown[];
}

/**
 * A suggested discovered theme becomes a defined one, keeping its id and items: its keywords as
 * `ClusterDefinitionChanged`, its label as `ClusterRenamed` (so automatic labelling leaves it alone).
 */
export async function acceptThemeSuggestion(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, suggestion, label, keywords }: AcceptThemeSuggestionInput,
  context: CommandContext,
): Promise<void> {
  const clusterId = suggestion.id;
  await changeClusterDefinition(services, { projectId, clusterId, keywords: keywords ?? suggestion.keywords }, context);
  await renameCluster(services, { projectId, clusterId, label: label ?? suggestion.label }, context);
}
