import type { Queryable } from '../../db/database.js';
import { vectorFromText } from '../../db/vector-from-text.js';
import type { BatchItem, ThemeExample } from '../../domain/cluster/decide-themes.js';
import type { ClusterStatus } from '../../domain/cluster/events.js';
import type { SnapshotTheme } from '../../domain/cluster/theme-overlay.js';

/** Themes read per batch item: its nearest centres (its neighbourhood is where the batch's decisions happen). */
const NEAREST_PER_ITEM = 64;

export interface BatchMember extends BatchItem {
  text: string;
}

/** The batch's items with their clustering vectors and texts, in the order asked; items without a vector are left out. */
export async function readBatchMembers(db: Queryable, feedbackIds: readonly string[]): Promise<BatchMember[]> {
  const rows = await db.query<{ feedback_id: string; model: string; embedding: string; created_at: Date; text: string; language: string | null }>(
    `SELECT m.feedback_id, m.model, m.embedding::text AS embedding, m.created_at, f.text, m.language
       FROM cluster_members m JOIN feedback_items f USING (feedback_id)
      WHERE m.feedback_id = ANY ($1::text[]) AND m.embedding IS NOT NULL AND m.model IS NOT NULL`,
    [feedbackIds],
  );
  const byId = new Map(rows.rows.map((row) => [row.feedback_id, row]));
  return feedbackIds.flatMap((feedbackId) => {
    const row = byId.get(feedbackId);
    if (!row) return [];
    const language = row.language ?? undefined;
    return [{ feedbackId, model: row.model, vector: vectorFromText(row.embedding), createdAt: row.created_at.getTime(), text: row.text, language }];
  });
}

/**
 * The live themes of the project near the batch (the nearest centres of each item, by pgvector, of
 * the item's model and size) and its defined themes (empty ones too), with what the decisions need: centre, size, status, whether automatic
 * merges may touch them, and their spike window.
 */
export async function readThemeSnapshot(db: Queryable, projectId: string, feedbackIds: readonly string[]): Promise<SnapshotTheme[]> {
  const rows = await db.query<{
    cluster_id: string;
    model: string;
    centroid: string | null;
    size: number;
    status: ClusterStatus;
    muted: boolean;
    spiking: boolean;
    hand_shaped: boolean;
    report_times: number[];
  }>(
    `WITH near AS (
       SELECT DISTINCT n.cluster_id
         FROM cluster_members m
         CROSS JOIN LATERAL (
           SELECT c.cluster_id FROM clusters c
            WHERE c.project_id = $1 AND c.model = m.model AND c.merged_into IS NULL AND c.size > 0 AND c.centroid IS NOT NULL
              AND vector_dims(c.centroid) = vector_dims(m.embedding)
            ORDER BY c.centroid <=> m.embedding, c.cluster_id LIMIT ${NEAREST_PER_ITEM}) n
        WHERE m.feedback_id = ANY ($2::text[]) AND m.embedding IS NOT NULL
       UNION
       SELECT cluster_id FROM clusters WHERE project_id = $1 AND origin = 'defined' AND merged_into IS NULL)
     -- The report times as JSON, which JSON.parse reads: pg's array parser builds each element's text character by character.
     SELECT c.cluster_id, c.model, c.centroid::text AS centroid, c.size, c.status, c.muted, c.spiking, c.hand_shaped,
            to_json(array(SELECT (extract(epoch FROM r.created_at) * 1000)::float8 FROM cluster_members r
                   WHERE r.cluster_id = c.cluster_id
                     AND r.created_at > (SELECT max(created_at) FROM cluster_members WHERE cluster_id = c.cluster_id) - interval '8 days')) AS report_times
       FROM clusters c JOIN near USING (cluster_id)
      ORDER BY c.cluster_id`,
    [projectId, feedbackIds],
  );
  return rows.rows.map((row) => ({
    clusterId: row.cluster_id,
    model: row.model,
    centroid: row.size > 0 && row.centroid ? vectorFromText(row.centroid) : [],
    size: row.size,
    status: row.status,
    muted: row.muted,
    spiking: row.spiking,
    autoMerge: !row.hand_shaped,
    reportTimes: row.report_times.map(Number),
  }));
}

/** Examples near the batch read per item: the items a person placed nearest to it. */
const EXAMPLES_PER_ITEM = 8;

/** The items a person placed (examples of their themes) nearest to the batch's items, of each item's model and size. */
export async function readExamplesNear(db: Queryable, projectId: string, feedbackIds: readonly string[]): Promise<ThemeExample[]> {
  const rows = await db.query<{ cluster_id: string; model: string; embedding: string }>(
    `SELECT DISTINCT ON (e.feedback_id) e.cluster_id, e.model, e.embedding::text AS embedding
       FROM cluster_members m
       CROSS JOIN LATERAL (
         SELECT x.feedback_id, x.cluster_id, x.model, x.embedding FROM cluster_members x
          WHERE x.project_id = $1 AND x.placed_by_hand AND x.model = m.model AND x.cluster_id IS NOT NULL AND x.embedding IS NOT NULL
            AND vector_dims(x.embedding) = vector_dims(m.embedding)
          ORDER BY x.embedding <=> m.embedding, x.feedback_id LIMIT ${EXAMPLES_PER_ITEM}) e
      WHERE m.feedback_id = ANY ($2::text[]) AND m.embedding IS NOT NULL
      ORDER BY e.feedback_id`,
    [projectId, feedbackIds],
  );
  return rows.rows.map((row) => ({ clusterId: row.cluster_id, model: row.model, vector: vectorFromText(row.embedding) }));
}
