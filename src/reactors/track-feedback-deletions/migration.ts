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
];
