import type { Migration } from '../../db/migrations.js';

/**
 * `health_feedback_users`: the user of each item with a userId (the analysis event does not name
 * it). `user_health_due`: users whose health the worker is to score again; `mark` grows with every
 * new reason, so the worker removes the row only if nothing new arrived meanwhile.
 */
export const userHealthMigrations: Migration[] = [
  {
    id: '0820_user_health_queue',
    sql: `
      CREATE TABLE IF NOT EXISTS health_feedback_users (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        user_id text NOT NULL
      );
      CREATE TABLE IF NOT EXISTS user_health_due (
        project_id text NOT NULL,
        user_id text NOT NULL,
        mark bigint NOT NULL DEFAULT 1,
        triggered_by_feedback_id text,
        claimed_until timestamptz,
        PRIMARY KEY (project_id, user_id)
      );
    `,
  },
];
