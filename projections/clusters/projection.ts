import pgvector from 'pgvector';
import type { Queryable } from '../../src/db/database.js';
import type { ClusterEvent } from '../../src/domain/cluster/events.js';
import { projector } from '../../src/projection-engine/projection.js';
import { toClusteringVector } from '../../src/resources/clustering.js';
import { clustersMigrations } from './migration.js';
import { mergeClusters, moveMember, refreshCluster } from './membership.js';

const STATUS_BY_EVENT: Partial<Record<ClusterEvent['type'], { status?: string; muted?: boolean; spiking?: boolean }>> = {
  ClusterResolved: { status: 'resolved', muted: false },
  ClusterMuted: { status: 'muted', muted: true, spiking: false },
  ClusterActivated: { status: 'active', muted: false },
  ClusterReopened: { status: 'active' },
};

async function memberText(tx: Queryable, feedbackId: string): Promise<string | undefined> {
  return (await memberRow(tx, feedbackId))?.text;
}

async function memberRow(tx: Queryable, feedbackId: string): Promise<{ text: string; language: string | null; topic: string | null } | undefined> {
  const row = await tx.query<{ text: string; language: string | null; topic: string | null }>(
    `SELECT text, language, topic FROM cluster_members WHERE feedback_id = $1`,
    [feedbackId],
  );
  return row.rows[0];
}

/** Themes with their volume, sentiment mix, churn-risk count, first/last seen and centre; and each item's membership. */
export const clustersProjection = projector({
  name: 'clusters',
  tables: ['clusters', 'cluster_members'],
  handles: [
    'FeedbackSubmitted',
    'FeedbackProcessed',
    'FeedbackClustered',
    'FeedbackReembedded',
    'FeedbackDeleted',
    'FeedbackMoved',
    'ClusterCreated',
    'ClusterLabeled',
    'ClusterResolved',
    'ClusterMuted',
    'ClusterActivated',
    'ClusterRegressed',
    'ClusterReopened',
    'ClusterSpiking',
    'ClusterSpikeEnded',
    'ClusterMerged',
    'ClusterRenamed',
    'ClusterSplit',
    'ClusterDefined',
    'ClusterDefinitionChanged',
  ],
  migrations: clustersMigrations,
  applyRun: {
    async FeedbackSubmitted(events, tx) {
      const d = events.map((event) => event.data);
      await tx.query(
        `INSERT INTO cluster_members (feedback_id, project_id, user_id, text, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) ON CONFLICT DO NOTHING`,
        [d.map((x) => x.feedbackId), d.map((x) => x.projectId), d.map((x) => x.userId), d.map((x) => x.text), d.map((x) => x.createdAt)],
      );
    },
    // As one by one: the members leave, and each theme they were in is recomputed from the members left (once, not once per item).
    async FeedbackDeleted(events, tx) {
      const removed = await tx.query<{ cluster_id: string | null }>(`DELETE FROM cluster_members WHERE feedback_id = ANY ($1::text[]) RETURNING cluster_id`, [
        events.map((e) => e.data.feedbackId),
      ]);
      for (const clusterId of new Set(removed.rows.flatMap((row) => (row.cluster_id ? [row.cluster_id] : [])))) await refreshCluster(tx, clusterId);
    },
    // A batch of analyses: the members' texts in one read, their clustering vectors in one update (the last analysis of an item wins).
    async FeedbackProcessed(events, tx) {
      const d = [...new Map(events.map((event) => [event.data.feedbackId, event.data])).values()];
      const members = await tx.query<{ feedback_id: string; text: string }>(
        `SELECT feedback_id, text FROM cluster_members WHERE feedback_id = ANY ($1::text[])`,
        [d.map((x) => x.feedbackId)],
      );
      const texts = new Map(members.rows.map((row) => [row.feedback_id, row.text]));
      const present = d.filter((x) => texts.has(x.feedbackId)); // a member already gone stays gone
      if (present.length === 0) return;
      await tx.query(
        `UPDATE cluster_members m SET sentiment = r.sentiment, model = r.model, embedding = r.embedding::vector, language = r.language, topic = r.topic,
                churn_risk = r.churn_risk
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])
             AS r(id, sentiment, model, embedding, language, topic, churn_risk)
          WHERE m.feedback_id = r.id`,
        [
          present.map((x) => x.feedbackId),
          present.map((x) => x.analysis.sentiment),
          present.map((x) => x.embedding.model),
          present.map((x) =>
            pgvector.toSql(toClusteringVector(x.embedding.model, x.embedding.vector, texts.get(x.feedbackId)!, x.analysis.language, x.analysis.topic)),
          ),
          present.map((x) => x.analysis.language),
          present.map((x) => x.analysis.topic ?? null),
          present.map((x) => x.analysis.churnRisk ?? false),
        ],
      );
    },
  },
  async apply(event, tx) {
    switch (event.type) {
      case 'FeedbackSubmitted':
        await tx.query(`INSERT INTO cluster_members (feedback_id, project_id, user_id, text, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
          event.data.feedbackId,
          event.data.projectId,
          event.data.userId,
          event.data.text,
          event.data.createdAt,
        ]);
        return;
      case 'FeedbackProcessed': {
        const text = await memberText(tx, event.data.feedbackId);
        if (text === undefined) return;
        const { analysis, embedding } = event.data;
        await tx.query(
          `UPDATE cluster_members SET sentiment = $2, model = $3, embedding = $4, language = $5, topic = $6, churn_risk = $7 WHERE feedback_id = $1`,
          [
            event.data.feedbackId,
            analysis.sentiment,
            embedding.model,
            pgvector.toSql(toClusteringVector(embedding.model, embedding.vector, text, analysis.language, analysis.topic)),
            analysis.language,
            analysis.topic ?? null,
            analysis.churnRisk ?? false,
          ],
        );
        return;
      }
      case 'FeedbackReembedded': {
        const member = await memberRow(tx, event.data.feedbackId);
        if (member === undefined) return;
        await moveMember(tx, event.data.feedbackId, null, null);
        await tx.query(`UPDATE cluster_members SET model = $2, embedding = $3, placed_by_hand = false WHERE feedback_id = $1`, [
          event.data.feedbackId,
          event.data.embedding.model,
          pgvector.toSql(
            toClusteringVector(event.data.embedding.model, event.data.embedding.vector, member.text, member.language ?? undefined, member.topic ?? undefined),
          ),
        ]);
        return;
      }
      case 'FeedbackClustered':
        await moveMember(tx, event.data.feedbackId, event.data.clusterId, event.position.prepare);
        return;
      case 'FeedbackMoved':
        await moveMember(tx, event.data.feedbackId, event.data.clusterId, event.position.prepare);
        // A person's placement (a move or a split) is kept: the defined-theme pass never moves it again.
        await tx.query(`UPDATE cluster_members SET placed_by_hand = $2 WHERE feedback_id = $1`, [event.data.feedbackId, event.data.reason !== 'defined']);
        return;
      case 'ClusterDefined':
        // A person's theme: their label, and no automatic merge or relabel (hand-shaped, manual label).
        await tx.query(
          `UPDATE clusters SET origin = 'defined', label = $2, label_source = 'manual', hand_shaped = true, keywords = $3, description = $4,
                  parent_id = $5, defined_at = $6
            WHERE cluster_id = $1`,
          [event.data.clusterId, event.data.label, event.data.keywords, event.data.description ?? null, event.data.parentId ?? null, event.data.at],
        );
        return;
      case 'ClusterDefinitionChanged': {
        const defined = event.data.keywords.length > 0;
        await tx.query(
          `UPDATE clusters SET keywords = $2, description = $3, parent_id = $4,
                  origin = CASE WHEN $5 THEN 'defined' ELSE origin END, hand_shaped = hand_shaped OR $5,
                  label_source = CASE WHEN $5 THEN 'manual' ELSE label_source END, defined_at = CASE WHEN $5 THEN coalesce(defined_at, $6) ELSE defined_at END
            WHERE cluster_id = $1`,
          [event.data.clusterId, event.data.keywords, event.data.description ?? null, event.data.parentId ?? null, defined, event.data.at],
        );
        return;
      }
      case 'FeedbackDeleted':
        await moveMember(tx, event.data.feedbackId, null, null);
        await tx.query(`DELETE FROM cluster_members WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
      case 'ClusterCreated':
        await tx.query(`INSERT INTO clusters (cluster_id, project_id, model, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
          event.data.clusterId,
          event.data.projectId,
          event.data.model,
          event.data.at,
        ]);
        return;
      case 'ClusterLabeled':
        // After a rename the label is the person's: an automatic one only moves the generation on.
        await tx.query(`UPDATE clusters SET label = CASE WHEN label_source = 'manual' THEN label ELSE $2 END, label_generation = $3 WHERE cluster_id = $1`, [
          event.data.clusterId,
          event.data.label,
          event.data.generation,
        ]);
        return;
      case 'ClusterSpiking':
      case 'ClusterSpikeEnded':
        await tx.query(`UPDATE clusters SET spiking = $2 WHERE cluster_id = $1`, [event.data.clusterId, event.type === 'ClusterSpiking']);
        return;
      case 'ClusterMerged':
        // A person's merge places the absorbed items: they become examples of the theme they joined.
        if (event.data.manual) await tx.query(`UPDATE cluster_members SET placed_by_hand = true WHERE cluster_id = $1`, [event.data.clusterId]);
        await mergeClusters(tx, event.data.clusterId, event.data.into);
        return;
      case 'ClusterRenamed':
        await tx.query(`UPDATE clusters SET label = $2, label_source = 'manual', hand_shaped = true WHERE cluster_id = $1`, [
          event.data.clusterId,
          event.data.label,
        ]);
        return;
      case 'ClusterRegressed':
        await tx.query(`UPDATE clusters SET status = 'active', resolved_at = NULL, regressed_at = $2 WHERE cluster_id = $1`, [
          event.data.clusterId,
          event.data.at,
        ]);
        return;
      case 'ClusterSplit':
        await tx.query(`UPDATE clusters SET hand_shaped = true WHERE cluster_id IN ($1, $2)`, [event.data.clusterId, event.data.from]);
        return;
      default: {
        const change = STATUS_BY_EVENT[event.type];
        if (!change) return;
        // resolved_at: when the theme was last resolved, while it is (customer health credits the fix).
        await tx.query(
          `UPDATE clusters SET status = coalesce($2, status), muted = coalesce($3, muted), spiking = coalesce($4, spiking),
                  resolved_at = CASE WHEN $2 = 'resolved' THEN $5::timestamptz WHEN $2 IS NOT NULL THEN NULL ELSE resolved_at END
            WHERE cluster_id = $1`,
          [event.data.clusterId, change.status ?? null, change.muted ?? null, change.spiking ?? null, event.data.at],
        );
      }
    }
  },
});
