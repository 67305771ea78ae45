import type { Migration } from '../../db/migrations.js';

/**
 * User erasures not yet completed, for the worker that runs them. The row names the user (the
 * process needs it to resume after a crash) and goes when the erasure completes.
 */
export const pendingUserErasuresMigrations: Migration[] = [
  {
    id: '0661_pending_user_erasures',
    sql: `
      CREATE TABLE pending_user_erasures (
        request_id text PRIMARY KEY,
        project_id text NOT NULL,
        requested_at timestamptz NOT NULL,
        claimed_until timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
    `,
  },
];
