import type { Queryable } from '../../src/db/database.js';

const SENTIMENT_COLUMNS = new Set(['positive', 'neutral', 'negative']);

function sentimentColumn(sentiment: string | null): string | undefined {
  return sentiment && SENTIMENT_COLUMNS.has(sentiment) ? sentiment : undefined;
}

/** Recomputes first and last seen from the members (min/max do not depend on order). */
async function refreshSeen(tx: Queryable, clusterId: string): Promise<void> {
  await tx.query(
    `UPDATE clusters SET first_seen_at = s.first_seen, last_seen_at = s.last_seen
       FROM (SELECT min(created_at) AS first_seen, max(created_at) AS last_seen FROM cluster_members WHERE cluster_id = $1) s
      WHERE cluster_id = $1`,
    [clusterId],
  );
}

/**
 * Moves one item into `toClusterId` (or out of every theme, with null), keeping both themes'
 * counts, sentiment mix, centre and first/last seen in step.
 */
export async function moveMember(tx: Queryable, feedbackId: string, toClusterId: string | null): Promise<void> {
  const found = await tx.query<{ cluster_id: string | null; sentiment: string | null }>(
    `SELECT cluster_id, sentiment FROM cluster_members WHERE feedback_id = $1`,
    [feedbackId],
  );
  const member = found.rows[0];
  if (!member || member.cluster_id === toClusterId) return;
  const column = sentimentColumn(member.sentiment);
  if (member.cluster_id) {
    await tx.query(
      `UPDATE clusters c SET size = size - 1 ${column ? `, ${column} = ${column} - 1` : ''},
              centroid = CASE WHEN m.embedding IS NULL THEN c.centroid ELSE c.centroid - m.embedding END
         FROM cluster_members m WHERE m.feedback_id = $2 AND c.cluster_id = $1`,
      [member.cluster_id, feedbackId],
    );
  }
  await tx.query(`UPDATE cluster_members SET cluster_id = $2 WHERE feedback_id = $1`, [feedbackId, toClusterId]);
  if (member.cluster_id) await refreshSeen(tx, member.cluster_id);
  if (toClusterId) {
    await tx.query(
      `UPDATE clusters c SET size = size + 1 ${column ? `, ${column} = ${column} + 1` : ''},
              centroid = CASE WHEN m.embedding IS NULL THEN c.centroid WHEN c.centroid IS NULL THEN m.embedding ELSE c.centroid + m.embedding END
         FROM cluster_members m WHERE m.feedback_id = $2 AND c.cluster_id = $1`,
      [toClusterId, feedbackId],
    );
    await refreshSeen(tx, toClusterId);
  }
}

/** Folds theme `from` into `into`: members, counts and centre move; `from` keeps a pointer. */
export async function mergeClusters(tx: Queryable, from: string, into: string): Promise<void> {
  await tx.query(
    `UPDATE clusters t SET size = t.size + f.size, positive = t.positive + f.positive, neutral = t.neutral + f.neutral,
            negative = t.negative + f.negative,
            centroid = CASE WHEN f.centroid IS NULL THEN t.centroid WHEN t.centroid IS NULL THEN f.centroid ELSE t.centroid + f.centroid END
       FROM clusters f WHERE f.cluster_id = $1 AND t.cluster_id = $2`,
    [from, into],
  );
  await tx.query(`UPDATE cluster_members SET cluster_id = $2 WHERE cluster_id = $1`, [from, into]);
  await tx.query(
    `UPDATE clusters SET merged_into = $2, size = 0, positive = 0, neutral = 0, negative = 0, centroid = NULL,
            first_seen_at = NULL, last_seen_at = NULL WHERE cluster_id = $1`,
    [from, into],
  );
  await refreshSeen(tx, into);
}
