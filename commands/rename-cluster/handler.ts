import { redact } from '../../src/analysis/redaction/index.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { decideOnCluster } from '../shared/decide-on-cluster.js';

export interface RenameClusterInput {
  projectId: string;
  /** A theme of the project that was not merged away. */
  clusterId: string;
  label: string;
}

/**
 * A person names the theme. The label is redacted like feedback text (a PM may type a customer's
 * name or address into it), then kept as the theme's manual label: automatic relabelling never replaces it.
 */
export async function renameCluster(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  { projectId, clusterId, label }: RenameClusterInput,
  context: CommandContext,
): Promise<void> {
  await decideOnCluster(services, clusterId, { type: 'Rename', projectId, label: redact(label).text, at: services.clock.now().toISOString() }, context);
}
