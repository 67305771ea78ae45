import type { Queryable } from '../../src/db/database.js';

export interface TaxonomyEntry {
  id: string;
  label: string;
  origin: 'discovered' | 'defined';
  parentId: string | null;
  /** Live themes name it as their parent area. */
  isParent: boolean;
}

/**
 * How the given themes are filed: their origin and parent area, plus the parent areas themselves
 * (which may have no items of their own), keyed by id. Themes merged away are left out.
 */
export async function themeTaxonomy(db: Queryable, projectId: string, clusterIds: readonly string[]): Promise<Map<string, TaxonomyEntry>> {
  const rows = await db.query<{ cluster_id: string; label: string; origin: TaxonomyEntry['origin']; parent_id: string | null; is_parent: boolean }>(
    `SELECT c.cluster_id, c.label, c.origin, c.parent_id,
            EXISTS (SELECT 1 FROM clusters k WHERE k.parent_id = c.cluster_id AND k.merged_into IS NULL) AS is_parent
       FROM clusters c
      WHERE c.project_id = $1 AND c.merged_into IS NULL
        AND (c.cluster_id = ANY ($2::text[])
             OR c.cluster_id IN (SELECT k.parent_id FROM clusters k WHERE k.project_id = $1 AND k.cluster_id = ANY ($2::text[])))`,
    [projectId, clusterIds],
  );
  return new Map(
    rows.rows.map((row) => [row.cluster_id, { id: row.cluster_id, label: row.label, origin: row.origin, parentId: row.parent_id, isParent: row.is_parent }]),
  );
}

/**
 * The themes a theme can be filed under: the project's live themes that have no parent themselves
 * (themes nest two levels), with items or defined; defined ones first, then the largest.
 */
export async function parentChoices(db: Queryable, projectId: string, limit = 200): Promise<{ id: string; label: string; size: number }[]> {
  const rows = await db.query<{ cluster_id: string; label: string; size: number }>(
    `SELECT cluster_id, label, size FROM clusters
      WHERE project_id = $1 AND merged_into IS NULL AND parent_id IS NULL AND (size > 0 OR origin = 'defined')
      ORDER BY origin = 'defined' DESC, size DESC, cluster_id LIMIT $2`,
    [projectId, limit],
  );
  return rows.rows.map((row) => ({ id: row.cluster_id, label: row.label, size: row.size }));
}
