import type { Migration } from '../../db/migrations.js';

/**
 * Items waiting for the analysis worker, claimed with SKIP LOCKED under a renewed lease. A job that
 * keeps failing is parked (`available_at` = infinity, `parked_at`, `last_error`) for the operator.
 * Written as IF NOT EXISTS: databases from before the reactors already have the table.
 */
export const analysisJobsMigrations: Migration[] = [
  {
    id: '0510_analysis_jobs',
    sql: `
      CREATE TABLE IF NOT EXISTS analysis_jobs (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        enqueued_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT '-infinity',
        claimed_until timestamptz
      );
      ALTER TABLE analysis_jobs ADD COLUMN IF NOT EXISTS parked_at timestamptz, ADD COLUMN IF NOT EXISTS last_error text;
      CREATE INDEX IF NOT EXISTS analysis_jobs_ready ON analysis_jobs (available_at, enqueued_at);
    `,
  },
];
