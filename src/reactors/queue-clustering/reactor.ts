import { reactor } from '../../projection-engine/projection.js';
import { clusteringJobsMigrations } from './migration.js';

/** An analysed (or re-embedded) item waits in `clustering_jobs` until it has joined a theme or is deleted. */
export const queueClustering = reactor({
  name: 'queue-clustering',
  handles: ['FeedbackProcessed', 'FeedbackReembedded', 'FeedbackClustered', 'FeedbackDeleted'],
  migrations: clusteringJobsMigrations,
  applyRun: {
    async FeedbackProcessed(events, tx) {
      await tx.query(
        `INSERT INTO clustering_jobs (feedback_id, project_id, seq) SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[]) ON CONFLICT DO NOTHING`,
        [events.map((e) => e.data.feedbackId), events.map((e) => e.data.projectId), events.map((e) => e.position.prepare.toString())],
      );
    },
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
