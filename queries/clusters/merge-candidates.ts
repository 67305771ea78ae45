import type { Queryable } from '../../src/db/database.js';

/** The themes a theme can be merged into by hand: the project's others of the same embedding model, not merged away, largest first. */
export async function mergeCandidates(
  db: Queryable,
  projectId: string,
  clusterId: string,
  limit = 200,
): Promise<{ id: string; label: string; size: number }[]> {
  const rows = await db.query<{ cluster_id: string; label: string; size: number }>(
    `SELECT c.cluster_id, c.label, c.size FROM clusters c
      WHERE c.project_id = $1 AND c.cluster_id <> $2 AND c.merged_into IS NULL AND c.size > 0
        AND c.model = (SELECT model FROM clusters WHERE cluster_id = $2)
      ORDER BY c.size DESC, c.last_seen_at DESC NULLS LAST, c.cluster_id LIMIT $3`,
    [projectId, clusterId, limit],
  );
  return rows.rows.map((row) => ({ id: row.cluster_id, label: row.label, size: row.size }));
}
