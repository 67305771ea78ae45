import { clusterLabelStream } from '../../domain/cluster/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';

/**
 * Records a theme's label in its current label generation (when it changed), or in a new generation
 * when `retirePrevious` — after an item was deleted — so the previous generation can be erased. A theme
 * a person renamed gets no new automatic label (and the clusters projection ignores one that races in).
 */
export async function recordLabel(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  clusterId: string,
  label: string,
  context: CommandContext,
  retirePrevious = false,
): Promise<number | undefined> {
  const current = await services.db.query<{ label: string; label_generation: number; label_source: string }>(
    `SELECT label, label_generation, label_source FROM clusters WHERE cluster_id = $1`,
    [clusterId],
  );
  const row = current.rows[0];
  // A renamed theme keeps its person-given label; only a deletion still renews (and erases) the generation.
  if (!row || (!retirePrevious && (row.label === label || row.label_source === 'manual'))) return undefined;
  const generation = row.label_generation + (retirePrevious ? 1 : 0);
  const appended = await services.store.append(
    clusterLabelStream(clusterId, generation),
    [{ type: 'ClusterLabeled', data: { clusterId, projectId, label, generation, at: services.clock.now().toISOString() }, metadata: { ...context } }],
    'any',
  );
  await services.engine.waitFor(appended.position);
  return generation;
}
