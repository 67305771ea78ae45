import { projector } from '../../src/projection-engine/projection.js';
import { feedbackListMigrations } from './migration.js';

/**
 * Feedback items with their analysis: what the list, the detail and search results show. An item
 * reads `processed` once it is analysed and has joined a theme (`FeedbackClustered`); its analysis
 * columns fill in when the analysis is recorded, a moment before.
 */
export const feedbackListProjection = projector({
  name: 'feedback-list',
  tables: ['feedback_items'],
  handles: ['FeedbackSubmitted', 'FeedbackProcessed', 'FeedbackClustered', 'FeedbackReembedded', 'FeedbackDeleted', 'ClusterMerged', 'FeedbackMoved'],
  // The 202 of POST /feedback reads its item back without waiting for the asynchronous pass; the
  // insert ignores an existing row, so that pass applying it again changes nothing.
  inline: ['FeedbackSubmitted'],
  migrations: feedbackListMigrations,
  applyRun: {
    // A burst of submissions: one insert for the run.
    async FeedbackSubmitted(events, tx) {
      const d = events.map((event) => event.data);
      await tx.query(
        `INSERT INTO feedback_items (feedback_id, project_id, text, source, user_id, metadata, status, created_at, received_at, list_seq)
         SELECT id, project, text, source, user_id, metadata, 'pending', created_at, received_at, seq
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[], $8::timestamptz[], $9::numeric[])
             AS r(id, project, text, source, user_id, metadata, created_at, received_at, seq)
         ON CONFLICT (feedback_id) DO NOTHING`,
        [
          d.map((x) => x.feedbackId),
          d.map((x) => x.projectId),
          d.map((x) => x.text),
          d.map((x) => x.source),
          d.map((x) => x.userId),
          d.map((x) => JSON.stringify(x.metadata)),
          d.map((x) => x.createdAt),
          d.map((x) => x.receivedAt),
          events.map((event) => event.position.prepare.toString()),
        ],
      );
    },
    async FeedbackDeleted(events, tx) {
      await tx.query(`DELETE FROM feedback_items WHERE feedback_id = ANY ($1::text[])`, [events.map((e) => e.data.feedbackId)]);
    },
    // A batch of analyses: one update for the run; an item analysed twice in it keeps its last analysis, as one by one.
    async FeedbackProcessed(events, tx) {
      const d = [...new Map(events.map((event) => [event.data.feedbackId, event.data])).values()];
      await tx.query(
        `UPDATE feedback_items f SET sentiment = r.sentiment, sentiment_score = r.score, type = r.type,
                emotions = CASE WHEN r.emotions IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(r.emotions)) END,
                language = r.language, analyzer = r.analyzer, fallback = r.fallback, confidence = r.confidence, topic = r.topic,
                churn_risk = r.churn_risk
           FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[], $5::jsonb[], $6::text[], $7::text[], $8::jsonb[], $9::float8[], $10::text[],
                       $11::boolean[])
             AS r(id, sentiment, score, type, emotions, language, analyzer, fallback, confidence, topic, churn_risk)
          WHERE f.feedback_id = r.id`,
        [
          d.map((x) => x.feedbackId),
          d.map((x) => x.analysis.sentiment),
          d.map((x) => x.analysis.sentimentScore ?? null),
          d.map((x) => x.analysis.type),
          d.map((x) => (x.analysis.emotions == null ? null : JSON.stringify(x.analysis.emotions))),
          d.map((x) => x.analysis.language),
          d.map((x) => x.analysis.analyzer),
          d.map((x) => (x.analysis.fallback ? JSON.stringify(x.analysis.fallback) : null)),
          // Events recorded before analyses carried a confidence replay with none.
          d.map((x) => x.analysis.confidence ?? null),
          d.map((x) => x.analysis.topic ?? null),
          // Events recorded before analyses carried a churn risk replay as none.
          d.map((x) => x.analysis.churnRisk ?? false),
        ],
      );
    },
  },
  async apply(event, tx) {
    switch (event.type) {
      case 'FeedbackSubmitted': {
        const d = event.data;
        await tx.query(
          `INSERT INTO feedback_items (feedback_id, project_id, text, source, user_id, metadata, status, created_at, received_at, list_seq)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9) ON CONFLICT (feedback_id) DO NOTHING`,
          [d.feedbackId, d.projectId, d.text, d.source, d.userId, JSON.stringify(d.metadata), d.createdAt, d.receivedAt, event.position.prepare.toString()],
        );
        return;
      }
      case 'FeedbackProcessed': {
        const { feedbackId, analysis } = event.data;
        await tx.query(
          `UPDATE feedback_items SET sentiment = $2, sentiment_score = $3, type = $4, emotions = $5,
                  language = $6, analyzer = $7, fallback = $8, confidence = $9, topic = $10, churn_risk = $11
            WHERE feedback_id = $1`,
          [
            feedbackId,
            analysis.sentiment,
            analysis.sentimentScore,
            analysis.type,
            analysis.emotions,
            analysis.language,
            analysis.analyzer,
            analysis.fallback ? JSON.stringify(analysis.fallback) : null,
            // Events recorded before analyses carried a confidence replay with none.
            analysis.confidence ?? null,
            analysis.topic ?? null,
            analysis.churnRisk ?? false,
          ],
        );
        return;
      }
      // Processing is complete once the analysed item has its theme (spec 3.1: analysis includes clustering).
      case 'FeedbackClustered':
        await tx.query(
          `UPDATE feedback_items SET cluster_id = $2, processed_at = CASE WHEN status = 'pending' THEN $3 ELSE processed_at END, status = 'processed'
            WHERE feedback_id = $1`,
          [event.data.feedbackId, event.data.clusterId, event.data.clusteredAt],
        );
        return;
      case 'FeedbackMoved':
        await tx.query(`UPDATE feedback_items SET cluster_id = $2 WHERE feedback_id = $1`, [event.data.feedbackId, event.data.clusterId]);
        return;
      case 'FeedbackReembedded':
        await tx.query(`UPDATE feedback_items SET cluster_id = NULL WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
      case 'ClusterMerged':
        await tx.query(`UPDATE feedback_items SET cluster_id = $2 WHERE project_id = $3 AND cluster_id = $1`, [
          event.data.clusterId,
          event.data.into,
          event.data.projectId,
        ]);
        return;
      case 'FeedbackDeleted':
        await tx.query(`DELETE FROM feedback_items WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
    }
  },
});
