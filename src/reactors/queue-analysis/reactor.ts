import { reactor } from '../../projection-engine/projection.js';
import { analysisJobsMigrations } from './migration.js';

/** A submitted item waits in `analysis_jobs` until its analysis is recorded or it is deleted. */
export const queueAnalysis = reactor({
  name: 'queue-analysis',
  handles: ['FeedbackSubmitted', 'FeedbackProcessed', 'FeedbackReembedded', 'FeedbackDeleted'],
  migrations: analysisJobsMigrations,
  applyRun: {
    async FeedbackSubmitted(events, tx) {
      const d = events.map((event) => event.data);
      await tx.query(
        `INSERT INTO analysis_jobs (feedback_id, project_id, enqueued_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[]) ON CONFLICT DO NOTHING`,
        [d.map((x) => x.feedbackId), d.map((x) => x.projectId), d.map((x) => x.receivedAt)],
      );
    },
    async FeedbackProcessed(events, tx) {
      await tx.query(`DELETE FROM analysis_jobs WHERE feedback_id = ANY($1::text[])`, [events.map((event) => event.data.feedbackId)]);
    },
    async FeedbackDeleted(events, tx) {
      await tx.query(`DELETE FROM analysis_jobs WHERE feedback_id = ANY ($1::text[])`, [events.map((e) => e.data.feedbackId)]);
    },
  },
  async apply(event, tx) {
    if (event.type === 'FeedbackSubmitted') {
      await tx.query(`INSERT INTO analysis_jobs (feedback_id, project_id, enqueued_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        event.data.feedbackId,
        event.data.projectId,
        event.data.receivedAt,
      ]);
    } else {
      await tx.query(`DELETE FROM analysis_jobs WHERE feedback_id = $1`, [event.data.feedbackId]);
    }
  },
});
