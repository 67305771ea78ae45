import { reactor } from '../../projection-engine/projection.js';
import { WORK_LEASE_SECONDS } from '../../support/work-lease.js';
import { pendingDeletionsMigrations } from './track.migration.js';

/**
 * A deletion is pending from `FeedbackDeleted` until its process records `FeedbackDeletionCompleted`;
 * one made by a user erasure (`erasureRequestId`) until that process has finished it in bulk.
 */
export const trackFeedbackDeletions = reactor({
  name: 'track-feedback-deletions',
  handles: ['FeedbackDeleted', 'FeedbackDeletionCompleted'],
  migrations: pendingDeletionsMigrations,
  applyRun: {
    async FeedbackDeleted(events, tx) {
      const column = <T>(pick: (data: (typeof events)[number]['data']) => T) => events.map((e) => pick(e.data));
      await tx.query(
        `INSERT INTO pending_feedback_deletions (feedback_id, project_id, cluster_id, deleted_at, claimed_until, erasure_request_id)
         SELECT f, p, c, d, d + make_interval(secs => $5), r FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $6::text[]) AS t(f, p, c, d, r)
         ON CONFLICT DO NOTHING`,
        [
          column((d) => d.feedbackId),
          column((d) => d.projectId),
          column((d) => d.clusterId ?? null),
          column((d) => d.deletedAt),
          WORK_LEASE_SECONDS,
          column((d) => d.erasureRequestId ?? null),
        ],
      );
    },
  },
  async apply(event, tx) {
    if (event.type === 'FeedbackDeletionCompleted') {
      await tx.query(`DELETE FROM pending_feedback_deletions WHERE feedback_id = $1`, [event.data.feedbackId]);
      return;
    }
    const { feedbackId, projectId, deletedAt, clusterId, erasureRequestId } = event.data;
    await tx.query(
      `INSERT INTO pending_feedback_deletions (feedback_id, project_id, cluster_id, deleted_at, claimed_until, erasure_request_id)
       VALUES ($1, $2, $3, $4, $4::timestamptz + make_interval(secs => $5), $6) ON CONFLICT DO NOTHING`,
      [feedbackId, projectId, clusterId ?? null, deletedAt, WORK_LEASE_SECONDS, erasureRequestId ?? null],
    );
  },
});
