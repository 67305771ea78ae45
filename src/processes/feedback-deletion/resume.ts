import { systemContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { claimPendingWork } from '../../work/pending-work.js';
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
export function resumeFeedbackDeletions(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  options: DeletionRunOptions = {},
): Promise<number> {
  return claimPendingWork<PendingDeletion>({
    services,
    work: {
      table: 'pending_feedback_deletions',
      key: 'feedback_id',
      orderBy: 'deleted_at',
      limit: 20,
      where: 'erasure_request_id IS NULL',
      columns: ['project_id', 'cluster_id'],
    },
    logFields: (row) => ({ feedbackId: row.feedback_id }),
    failureMessage: 'feedback deletion step failed; will retry',
    run: (row) =>
      runFeedbackDeletion(
        services,
        { feedbackId: row.feedback_id, projectId: row.project_id, clusterId: row.cluster_id },
        systemContext('feedback-deletion', `feedback-deletion-${row.feedback_id}`),
        options,
      ),
  });
}
