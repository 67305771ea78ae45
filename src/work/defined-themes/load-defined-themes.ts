import { vectorFromText } from '../../db/vector-from-text.js';
import type { Queryable } from '../../db/database.js';
import type { DefinedTheme } from '../../domain/cluster/defined-match.js';
import { thresholdsFor } from '../../resources/clustering.js';
import type { DefinitionVectors } from './definition-vectors.js';
import { expandKeyword } from './keyword-translations.js';

/**
 * The project's defined themes of one embedding model, as the matcher takes them: keywords expanded,
 * centres read unless `centres` is false (the batch decider takes them from its own snapshot), and the
 * vectors of their definitions when `definitions` can embed them.
 */
export async function loadDefinedThemes(
  db: Queryable,
  projectId: string,
  model: string,
  { centres = true, definitions }: { centres?: boolean; definitions?: DefinitionVectors } = {},
): Promise<DefinedTheme[]> {
  const rows = await db.query<{ cluster_id: string; label: string; keywords: string[]; description: string | null; defined_at: Date; centroid: string | null }>(
    `SELECT cluster_id, label, keywords, description, defined_at, CASE WHEN $3 AND size > 0 THEN centroid::text END AS centroid FROM clusters
      WHERE project_id = $1 AND model = $2 AND origin = 'defined' AND merged_into IS NULL ORDER BY defined_at, cluster_id`,
    [projectId, model, centres],
  );
  const { join } = thresholdsFor(model);
  return Promise.all(
    rows.rows.map(async (row) => {
      const definition = await definitions?.(model, { label: row.label, keywords: row.keywords, description: row.description });
      return {
        clusterId: row.cluster_id,
        definedAt: row.defined_at.toISOString(),
        keywords: row.keywords.map(expandKeyword),
        ...(row.centroid ? { centre: vectorFromText(row.centroid) } : {}),
        ...(definition ? { definition } : {}),
        joinThreshold: join,
      };
    }),
  );
}
