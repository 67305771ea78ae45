import { PhraseLabeler } from '../../analysis/labels/phrase-labeler.js';
import { clusterLabelStream } from '../../domain/cluster/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { eraseDeletedStream } from '../erase-stream.js';
import { recordLabel } from './record-label.js';
import { labelTheme } from './theme-label.js';

/**
 * After an item is deleted, its theme (and the themes merged into it, whose old labels may also
 * carry its words) get a new label generation computed from the remaining items, and the previous
 * generations are erased from the log.
 */
export async function relabelAfterDelete(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  clusterId: string,
  context: CommandContext,
): Promise<void> {
  const merged = await services.db.query<{ cluster_id: string }>(
    `WITH RECURSIVE absorbed AS (
       SELECT cluster_id FROM clusters WHERE merged_into = $1
       UNION SELECT c.cluster_id FROM clusters c JOIN absorbed a ON c.merged_into = a.cluster_id)
     SELECT cluster_id FROM absorbed ORDER BY cluster_id`,
    [clusterId],
  );
  const label = await labelTheme(services.db, new PhraseLabeler(), projectId, clusterId);
  for (const id of [clusterId, ...merged.rows.map((row) => row.cluster_id)]) {
    const generation = await recordLabel(services, projectId, id, label, context, true);
    if (generation !== undefined) await eraseDeletedStream(services, clusterLabelStream(id, generation - 1));
  }
}
