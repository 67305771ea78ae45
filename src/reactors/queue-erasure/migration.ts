import type { Migration } from '../../db/migrations.js';

/**
 * Streams waiting to be erased from the log. Erasures are owed, so a failing one is retried with a
 * growing delay (`available_at`) and never parked. IF NOT EXISTS: older databases have the table.
 */
export const erasureJobsMigrations: Migration[] = [
  {
    id: '0530_erasure_jobs',
    sql: `
      CREATE TABLE IF NOT EXISTS erasure_jobs (
        stream text PRIMARY KEY,
        commit_position numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        attempts integer NOT NULL DEFAULT 0
      );
      ALTER TABLE erasure_jobs
        DROP COLUMN IF EXISTS claimed_until,
        ADD COLUMN IF NOT EXISTS available_at timestamptz NOT NULL DEFAULT '-infinity',
        ADD COLUMN IF NOT EXISTS last_error text;
    `,
  },
];
