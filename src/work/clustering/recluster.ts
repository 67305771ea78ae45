import { vectorFromText } from '../../db/vector-from-text.js';
import type { ThemeLabeler } from '../../analysis/labeler.js';
import { findMerges } from '../../domain/cluster/assignment.js';
import { clusterDecider } from '../../domain/cluster/decider.js';
import { clusterStream } from '../../domain/cluster/events.js';
import { thresholdsFor } from '../../resources/clustering.js';
import { systemContext, type CommandContext } from '../../eventstore/command-context.js';
import { handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';
import { withClusteringLease } from './lease.js';
import { labelTheme } from './theme-label.js';
import { recordLabel } from './record-label.js';

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger' | 'ids'>;

/** One recluster pass: every event it appends, over all projects, shares this run's id. */
const reclusterRun = (services: Pick<CoreServices, 'ids'>) => systemContext('recluster', services.ids.next('run'));

export interface ReclusterResult {
  projectId: string;
  merged: number;
  relabeled: number;
  /** False when the project's clustering lease was busy; the pass runs again later. */
  ran: boolean;
}

/**
 * Theme drift: merges near-duplicate themes (recorded as `ClusterMerged`, so items keep a
 * resolvable `clusterId`) and relabels the themes that changed. Holds the project's clustering
 * lease so no item is assigned while themes move.
 */
export async function reclusterProject(
  services: Services,
  labeler: ThemeLabeler,
  projectId: string,
  context: CommandContext = reclusterRun(services),
): Promise<ReclusterResult> {
  const held = await withClusteringLease(services, projectId, () => mergeAndRelabel(services, labeler, projectId, context));
  return held ? { projectId, ...held.result, ran: true } : { projectId, merged: 0, relabeled: 0, ran: false };
}

async function mergeAndRelabel(
  services: Services,
  labeler: ThemeLabeler,
  projectId: string,
  context: CommandContext,
): Promise<{ merged: number; relabeled: number }> {
  const now = () => services.clock.now().toISOString();
  const changed = new Set<string>();
  let merged = 0;
  for (let pass = 0; pass < 10; pass++) {
    const rows = await services.db.query<{ cluster_id: string; model: string; centroid: string; size: number }>(
      `SELECT cluster_id, model, centroid::text AS centroid, size FROM clusters
        WHERE project_id = $1 AND merged_into IS NULL AND size > 0 AND centroid IS NOT NULL AND NOT hand_shaped ORDER BY cluster_id`,
      [projectId],
    );
    const byModel = new Map<string, { clusterId: string; centroid: number[]; size: number }[]>();
    for (const row of rows.rows) {
      const centre = { clusterId: row.cluster_id, centroid: vectorFromText(row.centroid), size: row.size };
      byModel.set(row.model, [...(byModel.get(row.model) ?? []), centre]);
    }
    const merges = [...byModel].flatMap(([model, clusters]) => findMerges(clusters, thresholdsFor(model)));
    if (merges.length === 0) break;
    for (const merge of merges) {
      const handled = await handleCommand(
        services.store,
        clusterStream(merge.from),
        clusterDecider,
        { type: 'MergeInto', into: merge.into, at: now() },
        { context },
      );
      if (handled.appended) await services.engine.waitFor(handled.appended.position);
      changed.add(merge.into);
      merged++;
    }
  }
  for (const clusterId of changed) {
    await recordLabel(services, projectId, clusterId, await labelTheme(services.db, labeler, projectId, clusterId), context);
  }
  return { merged, relabeled: changed.size };
}

/** The pass over every project that has themes. */
export async function reclusterAll(services: Services, labeler: ThemeLabeler, onProject?: (result: ReclusterResult) => void): Promise<ReclusterResult[]> {
  const projects = await services.db.query<{ project_id: string }>(
    `SELECT DISTINCT project_id FROM clusters WHERE merged_into IS NULL AND size > 0 ORDER BY project_id`,
  );
  const context = reclusterRun(services);
  const results: ReclusterResult[] = [];
  for (const { project_id: projectId } of projects.rows) {
    const result = await reclusterProject(services, labeler, projectId, context);
    onProject?.(result);
    results.push(result);
  }
  return results;
}
