import type { Queryable } from '../../src/db/database.js';

/**
 * Recomputes a theme's statistics from its members: size, sentiment mix, churn-risk count, first/last seen, and its
 * centre as the sum of the members' vectors in the order they joined. Computing from the members
 * (rather than adding and subtracting) makes the result identical when the log is replayed after
 * an item was erased from it.
 */
export async function refreshCluster(tx: Queryable, clusterId: string): Promise<void> {
  await tx.query(
    `UPDATE clusters SET size = s.size, positive = s.positive, neutral = s.neutral, negative = s.negative, churn_risk_count = s.churn_risk,
            first_seen_at = s.first_seen, last_seen_at = s.last_seen, centroid = s.centroid
       FROM (SELECT count(*)::int AS size,
                    count(*) FILTER (WHERE sentiment = 'positive')::int AS positive,
                    count(*) FILTER (WHERE sentiment = 'neutral')::int AS neutral,
                    count(*) FILTER (WHERE sentiment = 'negative')::int AS negative,
                    count(*) FILTER (WHERE churn_risk)::int AS churn_risk,
                    min(created_at) AS first_seen, max(created_at) AS last_seen,
                    sum(embedding ORDER BY joined_seq, feedback_id) AS centroid
               FROM cluster_members WHERE cluster_id = $1) s
      WHERE cluster_id = $1`,
    [clusterId],
  );
}

/**
 * Adds to a theme's statistics a member that sorts after all its others (it joined last): the values
 * `refreshCluster` would compute, without reading every member. pgvector's `sum` adds in float4 in
 * join order, so the centre plus the new vector is that sum to the bit; a theme of n items no longer
 * costs n rows per joining item.
 */
async function addLastMember(tx: Queryable, clusterId: string, feedbackId: string): Promise<void> {
  await tx.query(
    `UPDATE clusters c SET size = c.size + 1,
            positive = c.positive + (m.sentiment IS NOT DISTINCT FROM 'positive')::int,
            neutral = c.neutral + (m.sentiment IS NOT DISTINCT FROM 'neutral')::int,
            negative = c.negative + (m.sentiment IS NOT DISTINCT FROM 'negative')::int,
            churn_risk_count = c.churn_risk_count + m.churn_risk::int,
            first_seen_at = LEAST(c.first_seen_at, m.created_at), last_seen_at = GREATEST(c.last_seen_at, m.created_at),
            centroid = CASE WHEN m.embedding IS NULL THEN c.centroid WHEN c.centroid IS NULL THEN m.embedding ELSE c.centroid + m.embedding END
       FROM cluster_members m
      WHERE c.cluster_id = $1 AND m.feedback_id = $2`,
    [clusterId, feedbackId],
  );
}

/**
 * Moves one item into `toClusterId` (or out of every theme, with null) and updates both themes. The
 * theme it joins is updated by addition when the item sorts last in it (the usual case: `joinedSeq` is
 * the position of the event that moves it), else recomputed; the theme it leaves is recomputed.
 * Positions are not always increasing in log order (a transaction may commit after one that took a
 * later position), hence the check.
 */
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
  if (!toClusterId) return;
  if (member.cluster_id !== toClusterId && joinedSeq !== null && (await joinsLast(tx, toClusterId, feedbackId, joinedSeq))) {
    await addLastMember(tx, toClusterId, feedbackId);
  } else await refreshCluster(tx, toClusterId);
}

/**
 * Whether every other member of the theme joined before the item, so that it sorts last as
 * `refreshCluster` orders them (a member without a join position sorts after all). Join positions are
 * log positions of distinct events, so two members never share one; a tie is treated as "not last".
 */
async function joinsLast(tx: Queryable, clusterId: string, feedbackId: string, joinedSeq: bigint): Promise<boolean> {
  const latest = await tx.query<{ joined_seq: string | null }>(
    // Qualified: a bare name would sort by the output column, the text of the position.
    `SELECT m.joined_seq::text AS joined_seq FROM cluster_members m
      WHERE m.cluster_id = $1 AND m.feedback_id <> $2 ORDER BY m.joined_seq DESC NULLS FIRST, m.feedback_id DESC LIMIT 1`,
    [clusterId, feedbackId],
  );
  const other = latest.rows[0];
  return other === undefined || (other.joined_seq !== null && BigInt(other.joined_seq) < joinedSeq);
}

/** Folds theme `from` into `into`: its members move (keeping their join order); `from` keeps a pointer. */
export async function mergeClusters(tx: Queryable, from: string, into: string): Promise<void> {
  await tx.query(`UPDATE cluster_members SET cluster_id = $2 WHERE cluster_id = $1`, [from, into]);
  await tx.query(`UPDATE clusters SET merged_into = $2 WHERE cluster_id = $1`, [from, into]);
  await refreshCluster(tx, from);
  await refreshCluster(tx, into);
}
