import pgvector from 'pgvector';
import { projector } from '../../src/projection-engine/projection.js';
import { feedbackVectorsMigrations } from './migration.js';

/** The embedding carried by each `FeedbackProcessed` event, for semantic search. */
export const feedbackVectorsProjection = projector({
  name: 'feedback-vectors',
  tables: ['feedback_embeddings'],
  handles: ['FeedbackProcessed', 'FeedbackReembedded', 'FeedbackDeleted'],
  migrations: feedbackVectorsMigrations,
  applyRun: {
    async FeedbackProcessed(events, tx) {
      // The last embedding of an item wins, as applying them one by one would leave it.
      const latest = [...new Map(events.map((event) => [event.data.feedbackId, event.data])).values()];
      await tx.query(
        `INSERT INTO feedback_embeddings (feedback_id, project_id, model, dimensions, embedding)
         SELECT id, project, model, dimensions, embedding::vector FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[]) AS r(id, project, model, dimensions, embedding)
         ON CONFLICT (feedback_id) DO UPDATE SET model = EXCLUDED.model, dimensions = EXCLUDED.dimensions, embedding = EXCLUDED.embedding`,
        [
          latest.map((d) => d.feedbackId),
          latest.map((d) => d.projectId),
          latest.map((d) => d.embedding.model),
          latest.map((d) => d.embedding.dimensions),
          latest.map((d) => pgvector.toSql(d.embedding.vector) as string),
        ],
      );
    },
    async FeedbackDeleted(events, tx) {
      await tx.query(`DELETE FROM feedback_embeddings WHERE feedback_id = ANY ($1::text[])`, [events.map((e) => e.data.feedbackId)]);
    },
  },
  async apply(event, tx) {
    if (event.type === 'FeedbackProcessed' || event.type === 'FeedbackReembedded') {
      const { feedbackId, projectId, embedding } = event.data;
      await tx.query(
        `INSERT INTO feedback_embeddings (feedback_id, project_id, model, dimensions, embedding) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (feedback_id) DO UPDATE SET model = EXCLUDED.model, dimensions = EXCLUDED.dimensions, embedding = EXCLUDED.embedding`,
        [feedbackId, projectId, embedding.model, embedding.dimensions, pgvector.toSql(embedding.vector)],
      );
    } else if (event.type === 'FeedbackDeleted') {
      await tx.query(`DELETE FROM feedback_embeddings WHERE feedback_id = $1`, [event.data.feedbackId]);
    }
  },
});
