import type { Migration } from '../../db/migrations.js';

/**
 * `health_feedback_users`: whom each item names, its userId or else its email (the analysis and
 * deletion events do not name it; the health worker resolves an email to the user it is now), and
 * the theme it is in (a theme's status events name no one: this finds the users to rescore).
 * `user_health_due`: users whose health the worker is to score again; `mark` grows with every new
 * reason, so the worker removes the row only if nothing new arrived meanwhile.
 * `health_at_risk`: users the health worker last scored in the at-risk band, scored again
 * periodically so that a band left by time alone is recorded (and a later slide alerts again).
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
  {
    id: '0822_user_health_themes',
    sql: `
      ALTER TABLE health_feedback_users ADD COLUMN IF NOT EXISTS cluster_id text;
      CREATE INDEX IF NOT EXISTS health_feedback_users_cluster ON health_feedback_users (cluster_id) WHERE cluster_id IS NOT NULL;
      CREATE TABLE IF NOT EXISTS health_at_risk (
        project_id text NOT NULL,
        user_id text NOT NULL,
        PRIMARY KEY (project_id, user_id)
      );
      DO $$ BEGIN
        IF to_regclass('feedback_items') IS NOT NULL THEN
          UPDATE health_feedback_users h SET cluster_id = f.cluster_id FROM feedback_items f WHERE f.feedback_id = h.feedback_id;
        END IF;
      END $$;
    `,
  },
  {
    // Every identified user is scored once more, so the recorded bands (and `health_at_risk`) follow
    // the current model from the start.
    id: '0823_user_health_rescore',
    sql: `
      DO $$ BEGIN
        IF to_regclass('users') IS NOT NULL THEN
          INSERT INTO user_health_due (project_id, user_id) SELECT project_id, user_id FROM users WHERE NOT shadow
          ON CONFLICT (project_id, user_id) DO UPDATE SET mark = user_health_due.mark + 1;
        END IF;
      END $$;
    `,
  },
  {
    // Shadow users (known only by an email) were scored on read only: each is scored once, so the
    // ones at risk now are recorded, and alerted, as identified users were by the rescore above.
    id: '0824_user_health_shadow_users',
    sql: `
      DO $$ BEGIN
        IF to_regclass('users') IS NOT NULL THEN
          INSERT INTO user_health_due (project_id, user_id) SELECT project_id, user_id FROM users WHERE shadow
          ON CONFLICT (project_id, user_id) DO UPDATE SET mark = user_health_due.mark + 1;
        END IF;
      END $$;
    `,
  },
];
