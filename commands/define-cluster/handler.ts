import { redact } from '../../src/analysis/redaction/index.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { parentArea } from './parent-area.js';
import { decideOnCluster } from '../shared/decide-on-cluster.js';

export interface DefineClusterInput {
  projectId: string;
  /** The project's current embedding model: the defined theme takes items of that model. */
  model: string;
  label: string;
  keywords: readonly unknown[];
  description?: string;
  parentId?: string;
}

/**
 * A person defines a theme: `ClusterCreated` + `ClusterDefined`. The label and description are redacted
 * like feedback text (a person may type a customer's name or address into them). The items that match it
 * move in afterwards (`queue-defined-theme-sweeps`). Returns the new theme's id.
 */
export async function defineCluster(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine' | 'ids'>,
  input: DefineClusterInput,
  context: CommandContext,
): Promise<string> {
  const clusterId = services.ids.next('cl');
  await decideOnCluster(
    services,
    clusterId,
    {
      type: 'Define',
      clusterId,
      projectId: input.projectId,
      model: input.model,
      label: redact(input.label).text,
      keywords: input.keywords,
      ...(input.description === undefined ? {} : { description: redact(input.description).text }),
      ...(input.parentId === undefined ? {} : { parent: await parentArea(services, input.parentId) }),
      at: services.clock.now().toISOString(),
    },
    context,
  );
  return clusterId;
}
