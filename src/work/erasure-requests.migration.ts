import type { Migration } from '../db/migrations.js';

/** Tables that erasures left dead copies in, waiting for the erasure maintenance pass to rewrite them. */
export const erasureRequestMigrations: Migration[] = [
  {
    id: '0005_erasure_vacuum_requests',
    sql: `
      CREATE TABLE erasure_vacuum_requests (
        id bigserial PRIMARY KEY,
        table_name text NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
