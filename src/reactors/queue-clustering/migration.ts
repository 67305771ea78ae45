import type { Migration } from '../../db/migrations.js';

/**
 * Analysed items waiting to join a theme, in log order per project (`seq`). A job that keeps
 * failing is parked like an analysis job. IF NOT EXISTS: older databases already have the table.
 */
export const clusteringJobsMigrations: Migration[] = [
  {
    id: '0520_clustering_jobs',
    sql: `
      CREATE TABLE IF NOT EXISTS clustering_jobs (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        seq numeric(20) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT '-infinity'
      );
      ALTER TABLE clustering_jobs ADD COLUMN IF NOT EXISTS parked_at timestamptz, ADD COLUMN IF NOT EXISTS last_error text;
      CREATE INDEX IF NOT EXISTS clustering_jobs_project ON clustering_jobs (project_id, seq);
    `,
  },
];
