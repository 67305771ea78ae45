import { redact } from '../../src/analysis/redaction/index.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { parentArea } from '../define-cluster/parent-area.js';
import { decideOnCluster } from '../shared/decide-on-cluster.js';

export interface ChangeClusterDefinitionInput {
  projectId: string;
  /** A theme of the project that was not merged away. */
  clusterId: string;
  keywords?: readonly unknown[];
  /** null clears it. */
  description?: string | null;
  /** null clears it. */
  parentId?: string | null;
}

/**
 * A person changes a theme's keywords, description or parent area (`ClusterDefinitionChanged`); the same
 * definition again records nothing. Keywords make a discovered theme a defined one.
 */
export async function changeClusterDefinition(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, clusterId, keywords, description, parentId }: ChangeClusterDefinitionInput,
  context: CommandContext,
): Promise<void> {
  const children = await services.db.query(`SELECT 1 FROM clusters WHERE parent_id = $1 AND merged_into IS NULL LIMIT 1`, [clusterId]);
  await decideOnCluster(
    services,
    clusterId,
    {
      type: 'ChangeDefinition',
      projectId,
      ...(keywords === undefined ? {} : { keywords }),
      ...(description === undefined ? {} : { description: description === null ? null : redact(description).text }),
      ...(parentId === undefined ? {} : { parent: parentId === null ? null : await parentArea(services, parentId) }),
      hasChildren: (children.rowCount ?? 0) > 0,
      at: services.clock.now().toISOString(),
    },
    context,
  );
}
