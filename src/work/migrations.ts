import type { Migration } from '../db/migrations.js';
import { erasureRequestMigrations } from './erasure-requests.migration.js';

/**
 * Work tables: projections insert rows, workers claim them with SKIP LOCKED under a lease
 * (`claimed_until`, renewed while they work), do the slow work outside any transaction, and append
 * the outcome as events. A crash leaves the row to be claimed again when its lease runs out.
 */
export const workMigrations: Migration[] = [
  {
    id: '0003_work_tables',
    sql: `
      CREATE TABLE analysis_jobs (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        enqueued_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT '-infinity',
        claimed_until timestamptz
      );
      CREATE INDEX analysis_jobs_ready ON analysis_jobs (available_at, enqueued_at);
      CREATE TABLE erasure_jobs (
        stream text PRIMARY KEY,
        commit_position numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        claimed_until timestamptz
      );
    `,
  },
  {
    id: '0004_clustering_work',
    sql: `
      CREATE TABLE clustering_jobs (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        -- log order: a project's items are clustered in the order they were processed
        seq numeric(20) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        available_at timestamptz NOT NULL DEFAULT '-infinity'
      );
      CREATE INDEX clustering_jobs_project ON clustering_jobs (project_id, seq);
      -- Clustering decisions of one project are taken one at a time (each sees the previous one's theme).
      CREATE TABLE clustering_leases (
        project_id text PRIMARY KEY,
        claimed_until timestamptz NOT NULL
      );
    `,
  },
  {
    // A job that keeps failing is parked (available_at = 'infinity') with its error, for the operator;
    // a failing erasure is retried with a delay, never parked.
    id: '0006_parked_work',
    sql: `
      ALTER TABLE analysis_jobs ADD COLUMN parked_at timestamptz, ADD COLUMN last_error text;
      ALTER TABLE clustering_jobs ADD COLUMN parked_at timestamptz, ADD COLUMN last_error text;
      ALTER TABLE erasure_jobs ADD COLUMN available_at timestamptz NOT NULL DEFAULT '-infinity', ADD COLUMN last_error text;
    `,
  },
  ...erasureRequestMigrations,
];
