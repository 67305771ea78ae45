import { reactor } from '../../projection-engine/projection.js';
import { clusteringJobsMigrations } from './migration.js';

/** An analysed (or re-embedded) item waits in `clustering_jobs` until it has joined a theme or is deleted. */
export const queueClustering = reactor({
  name: 'queue-clustering',
  handles: ['FeedbackProcessed', 'FeedbackReembedded', 'FeedbackClustered', 'FeedbackDeleted'],
  migrations: clusteringJobsMigrations,
  runs: {
    async FeedbackDeleted(events, tx) {
      await tx.query(`DELETE FROM clustering_jobs WHERE feedback_id = ANY ($1::text[])`, [events.map((e) => e.data.feedbackId)]);
    },
  },
  async apply(event, tx) {
    if (event.type === 'FeedbackProcessed' || event.type === 'FeedbackReembedded') {
      await tx.query(`INSERT INTO clustering_jobs (feedback_id, project_id, seq) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        event.data.feedbackId,
        event.data.projectId,
        event.position.prepare.toString(),
      ]);
    } else {
      await tx.query(`DELETE FROM clustering_jobs WHERE feedback_id = $1`, [event.data.feedbackId]);
    }
  },
});
