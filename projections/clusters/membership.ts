import type { Queryable } from '../../src/db/database.js';

/**
 * Recomputes a theme's statistics from its members: size, sentiment mix, first/last seen, and its
 * centre as the sum of the members' vectors in the order they joined. Computing from the members
 * (rather than adding and subtracting) makes the result identical when the log is replayed after
 * an item was erased from it.
 */
export async function refreshCluster(tx: Queryable, clusterId: string): Promise<void> {
  await tx.query(
    `UPDATE clusters SET size = s.size, positive = s.positive, neutral = s.neutral, negative = s.negative,
            first_seen_at = s.first_seen, last_seen_at = s.last_seen, centroid = s.centroid
       FROM (SELECT count(*)::int AS size,
                    count(*) FILTER (WHERE sentiment = 'positive')::int AS positive,
                    count(*) FILTER (WHERE sentiment = 'neutral')::int AS neutral,
                    count(*) FILTER (WHERE sentiment = 'negative')::int AS negative,
                    min(created_at) AS first_seen, max(created_at) AS last_seen,
                    sum(embedding ORDER BY joined_seq, feedback_id) AS centroid
               FROM cluster_members WHERE cluster_id = $1) s
      WHERE cluster_id = $1`,
    [clusterId],
  );
}

/** Moves one item into `toClusterId` (or out of every theme, with null) and refreshes both themes. */
export async function moveMember(tx: Queryable, feedbackId: string, toClusterId: string | null, joinedSeq: bigint | null): Promise<void> {
  const previous = await tx.query<{ cluster_id: string | null }>(`SELECT cluster_id FROM cluster_members WHERE feedback_id = $1`, [feedbackId]);
  const member = previous.rows[0];
  if (!member) return;
  await tx.query(`UPDATE cluster_members SET cluster_id = $2, joined_seq = $3 WHERE feedback_id = $1`, [
    feedbackId,
    toClusterId,
    joinedSeq === null ? null : joinedSeq.toString(),
  ]);
  if (member.cluster_id && member.cluster_id !== toClusterId) await refreshCluster(tx, member.cluster_id);
  if (toClusterId) await refreshCluster(tx, toClusterId);
}

/** Folds theme `from` into `into`: its members move (keeping their join order); `from` keeps a pointer. */
export async function mergeClusters(tx: Queryable, from: string, into: string): Promise<void> {
  await tx.query(`UPDATE cluster_members SET cluster_id = $2 WHERE cluster_id = $1`, [from, into]);
  await tx.query(`UPDATE clusters SET merged_into = $2 WHERE cluster_id = $1`, [from, into]);
  await refreshCluster(tx, from);
  await refreshCluster(tx, into);
}
