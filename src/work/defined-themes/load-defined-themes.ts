import pgvector from 'pgvector';
import type { Queryable } from '../../db/database.js';
import type { DefinedTheme } from '../../domain/cluster/defined-match.js';
import { thresholdsFor } from '../../resources/clustering.js';
import { expandKeyword } from './keyword-translations.js';

/**
 * The project's defined themes of one embedding model, as the matcher takes them (keywords expanded, centres
 * read unless `centres` is false: the batch decider takes them from its own snapshot).
 */
export async function loadDefinedThemes(db: Queryable, projectId: string, model: string, { centres = true } = {}): Promise<DefinedTheme[]> {
  const rows = await db.query<{ cluster_id: string; keywords: string[]; defined_at: Date; centroid: string | null }>(
    `SELECT cluster_id, keywords, defined_at, CASE WHEN $3 AND size > 0 THEN centroid::text END AS centroid FROM clusters
      WHERE project_id = $1 AND model = $2 AND origin = 'defined' AND merged_into IS NULL ORDER BY defined_at, cluster_id`,
    [projectId, model, centres],
  );
  const { join } = thresholdsFor(model);
  return rows.rows.map((row) => ({
    clusterId: row.cluster_id,
    definedAt: row.defined_at.toISOString(),
    keywords: row.keywords.map(expandKeyword),
    ...(row.centroid ? { centre: pgvector.fromSql(row.centroid) as number[] } : {}),
    joinThreshold: join,
  }));
}
