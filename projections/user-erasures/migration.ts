import type { Migration } from '../../src/db/migrations.js';

/** User-deletion requests and their status (spec 2.8, 3.5): ids and times only, never the user. */
export const userErasuresMigrations: Migration[] = [
  {
    id: '0660_user_erasures',
    sql: `
      CREATE TABLE user_erasures (
        request_id text PRIMARY KEY,
        project_id text NOT NULL,
        status text NOT NULL,
        requested_at timestamptz NOT NULL,
        completed_at timestamptz
      );
    `,
  },
];
