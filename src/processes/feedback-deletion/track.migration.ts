import type { Migration } from '../../db/migrations.js';

/**
 * Deletion processes not yet completed, for the worker that resumes them after a crash. A row is
 * first held for its request (`claimed_until` = deletion time + the lease), which runs it inline.
 */
export const pendingDeletionsMigrations: Migration[] = [
  {
    id: '0550_pending_feedback_deletions',
    sql: `
      CREATE TABLE pending_feedback_deletions (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        cluster_id text,
        deleted_at timestamptz NOT NULL,
        claimed_until timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
    `,
  },
  {
    // The user erasure that deleted the item finishes its deletion in bulk; the per-item worker leaves such rows alone.
    id: '0551_pending_feedback_deletions_erasure',
    sql: `
      ALTER TABLE pending_feedback_deletions ADD COLUMN erasure_request_id text;
      CREATE INDEX pending_feedback_deletions_erasure ON pending_feedback_deletions (erasure_request_id) WHERE erasure_request_id IS NOT NULL;
    `,
  },
];
