import { findMergeAmong, MAX_SETTLE_MERGES } from '../../domain/cluster/assignment.js';
import { clusterDecider } from '../../domain/cluster/decider.js';
import { clusterStream } from '../../domain/cluster/events.js';
import { thresholdsFor } from '../../domain/cluster/thresholds.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

/** Themes compared with the one that changed: its nearest centres (average-link partners are among them in practice). */
const NEIGHBOURS = 30;

/**
 * Right after an item joined or started `clusterId`: merges that theme with its best partner while
 * one qualifies (`findMergeFor`'s rules, on centre statistics pgvector computes; at most `MAX_SETTLE_MERGES`), each recorded as `ClusterMerged`, so a
 * user sees themes that already met, not a trail of small ones until the periodic pass, and replay
 * rebuilds the same themes. Themes a person shaped (split, or renamed) are left out, so an edit is never
 * undone by the next item. Runs under the project's clustering lease. Returns the item's theme now, and
 * whether it merged (its label is then due: the caller records it).
 */
export async function settleTheme(
  services: Services,
  projectId: string,
  clusterId: string,
  model: string,
  context: CommandContext,
): Promise<{ theme: string; merged: boolean }> {
  let current = clusterId;
  let merged = false;
  for (let step = 0; step < MAX_SETTLE_MERGES; step++) {
    // The theme itself is among the rows (it is its own nearest) unless it may not merge automatically.
    const rows = await services.db.query<{ cluster_id: string; size: number; similarity: number; dot: number }>(
      `SELECT c.cluster_id, c.size, 1 - (c.centroid <=> t.centroid) AS similarity, -(c.centroid <#> t.centroid) AS dot
         FROM clusters c, (SELECT centroid FROM clusters WHERE cluster_id = $3) t
        WHERE c.project_id = $1 AND c.model = $2 AND c.merged_into IS NULL AND c.size > 0 AND c.centroid IS NOT NULL AND NOT c.hand_shaped
          AND vector_dims(c.centroid) = vector_dims(t.centroid)
        ORDER BY c.centroid <=> t.centroid, c.cluster_id LIMIT ${NEIGHBOURS + 1}`,
      [projectId, model, current],
    );
    const target = rows.rows.find((row) => row.cluster_id === current);
    if (!target) break;
    const partners = rows.rows
      .filter((row) => row !== target)
      .map((row) => ({ clusterId: row.cluster_id, size: row.size, similarity: finiteOrZero(row.similarity), dot: finiteOrZero(row.dot) }));
    const merge = findMergeAmong({ clusterId: current, size: target.size }, partners, thresholdsFor(model));
    if (!merge) break;
    const handled = await handleCommand(
      services.store,
      clusterStream(merge.from),
      clusterDecider,
      { type: 'MergeInto', into: merge.into, at: services.clock.now().toISOString() },
      { context },
    );
    if (handled.appended) await services.engine.waitFor(handled.appended.position);
    current = merge.into;
    merged = true;
  }
  return { theme: current, merged };
}

/** pgvector's cosine of an all-zero vector is NaN; the domain's is 0 (nothing alike). */
export const finiteOrZero = (value: number) => (Number.isFinite(value) ? value : 0);
