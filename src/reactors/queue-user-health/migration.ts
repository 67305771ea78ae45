import type { Migration } from '../../db/migrations.js';

/**
 * `health_feedback_users`: whom each item names, its userId or else its email (the analysis and
 * deletion events do not name it; the health worker resolves an email to the user it is now).
 * `user_health_due`: users whose health the worker is to score again; `mark` grows with every new
 * reason, so the worker removes the row only if nothing new arrived meanwhile.
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
  {
    // Items that came by email were not kept before: take their owners from the users read model once.
    id: '0821_user_health_email_items',
    sql: `
      DO $$ BEGIN
        IF to_regclass('user_feedback') IS NOT NULL THEN
          INSERT INTO health_feedback_users (feedback_id, project_id, user_id)
          SELECT feedback_id, project_id, user_id FROM user_feedback ON CONFLICT DO NOTHING;
        END IF;
      END $$;
    `,
  },
];
