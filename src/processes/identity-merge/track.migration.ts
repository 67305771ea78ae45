import type { Migration } from '../../db/migrations.js';

/** Confirmed merges not yet completed, for the worker that resumes them after a crash. Ids only. */
export const pendingIdentityMergesMigrations: Migration[] = [
  {
    id: '0662_pending_identity_merges',
    sql: `
      CREATE TABLE pending_identity_merges (
        suggestion_id text PRIMARY KEY,
        project_id text NOT NULL,
        confirmed_at timestamptz NOT NULL,
        claimed_until timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
    `,
  },
];
