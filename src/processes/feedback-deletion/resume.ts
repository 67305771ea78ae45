import { systemContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { WORK_LEASE_SECONDS } from '../../work/lease-renewal.js';
import { retryDelaySeconds } from '../../work/retry-delay.js';
import { runFeedbackDeletion, type DeletionRunOptions } from './run.js';

interface PendingDeletion {
  feedback_id: string;
  project_id: string;
  cluster_id: string | null;
  attempts: number;
}

/**
 * Resumes deletion processes that no request is running (their request crashed, or a step failed):
 * claims them with SKIP LOCKED for one lease, runs each from the step it reached, and on failure
 * tries again after a growing delay. A deletion is owed, so it is never given up. Deletions made by
 * a user erasure are that process's to finish (`src/processes/user-erasure`).
 */
export async function resumeFeedbackDeletions(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  options: DeletionRunOptions = {},
): Promise<number> {
  const now = services.clock.now().toISOString();
  const claimed = await services.db.query<PendingDeletion>(
    `UPDATE pending_feedback_deletions SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
      WHERE feedback_id IN (
        SELECT feedback_id FROM pending_feedback_deletions WHERE claimed_until < $1 AND erasure_request_id IS NULL ORDER BY deleted_at LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING feedback_id, project_id, cluster_id, attempts`,
    [now, WORK_LEASE_SECONDS],
  );
  for (const row of claimed.rows) {
    const deletion = { feedbackId: row.feedback_id, projectId: row.project_id, clusterId: row.cluster_id };
    try {
      await runFeedbackDeletion(services, deletion, systemContext('feedback-deletion', `feedback-deletion-${row.feedback_id}`), options);
    } catch (error) {
      const lastError = describeFailure(error);
      services.logger.warn({ feedbackId: row.feedback_id, attempts: row.attempts, lastError }, 'feedback deletion step failed; will retry');
      await services.db.query(
        `UPDATE pending_feedback_deletions SET last_error = $2, claimed_until = $3::timestamptz + make_interval(secs => $4) WHERE feedback_id = $1`,
        [row.feedback_id, lastError, now, retryDelaySeconds(row.attempts)],
      );
    }
  }
  return claimed.rowCount ?? 0;
}
