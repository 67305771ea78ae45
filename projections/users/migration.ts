import type { Migration } from '../../src/db/migrations.js';

export const usersMigrations: Migration[] = [
  {
    id: '0650_users',
    sql: `
      CREATE TABLE users (
        project_id text NOT NULL,
        user_id text NOT NULL,
        traits jsonb NOT NULL,
        -- the first and the last identify call; null for a user seen only in feedback
        identified_first_at timestamptz,
        identified_last_at timestamptz,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        feedback_count integer NOT NULL,
        PRIMARY KEY (project_id, user_id)
      );
      CREATE TABLE user_value_marks (
        project_id text NOT NULL,
        user_id text NOT NULL,
        trait text NOT NULL,
        -- exact decimals: an amount never drifts
        current numeric NOT NULL,
        last_positive numeric,
        last_positive_at timestamptz,
        paying_since timestamptz,
        lost_at timestamptz,
        PRIMARY KEY (project_id, user_id, trait)
      );
      -- the items of each user, so that a deleted item leaves the count and the seen times as if it had never been
      CREATE TABLE user_feedback (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        user_id text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX user_feedback_user ON user_feedback (project_id, user_id);
    `,
  },
];

/** Email identity (spec 2.3): aliases, shadow users, and each project's linking settings as the log says. */
usersMigrations.push({
  id: '0651_user_aliases',
  sql: `
    -- a user seen only by email (no userId): keyed by the email, until merged into a real profile
    ALTER TABLE users ADD COLUMN shadow boolean NOT NULL DEFAULT false;
    CREATE TABLE user_aliases (
      project_id text NOT NULL,
      email text NOT NULL,
      user_id text NOT NULL,
      PRIMARY KEY (project_id, email)
    );
    CREATE INDEX user_aliases_user ON user_aliases (project_id, user_id);
    CREATE TABLE user_linking (
      project_id text PRIMARY KEY,
      linking text NOT NULL,
      ignore text[] NOT NULL
    );
  `,
});

/** Merge suggestions (spec 2.3): a shadow user and a user claiming its email, kept apart by the rules until an operator decides. */
usersMigrations.push({
  id: '0652_identity_suggestions',
  sql: `
    CREATE TABLE identity_suggestions (
      suggestion_id text PRIMARY KEY,
      project_id text NOT NULL,
      -- the shadow user's email, which is also its userId
      email text NOT NULL,
      candidate_user_id text NOT NULL,
      reason text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      merged_at timestamptz,
      UNIQUE (project_id, email, candidate_user_id)
    );
    CREATE INDEX identity_suggestions_candidate ON identity_suggestions (project_id, candidate_user_id);
  `,
});

/**
 * The latest change of each value mark (customer health tells a downgrade from it): the amount
 * before it and when. Marks changed before these columns existed show no change until the read
 * model is rebuilt (`feedbackctl reproject users`); a loss is still seen by `lost_at`.
 */
usersMigrations.push({
  id: '0653_user_value_marks_latest_change',
  sql: `
    ALTER TABLE user_value_marks ADD COLUMN IF NOT EXISTS previous_amount numeric;
    ALTER TABLE user_value_marks ADD COLUMN IF NOT EXISTS changed_at timestamptz;
  `,
});

/**
 * The users whose stream holds a change of health band (the health worker's `UserHealthChanged` or
 * `UserHealthRecovered`), until their erasure. A user who disappears from `users` (a shadow user, or
 * one seen only in items, whose items were all deleted) still has that history in the log, under
 * their userId or email: this is how `DELETE /users/{id}` still finds it to erase.
 */
usersMigrations.push({
  id: '0654_user_band_history',
  sql: `
    CREATE TABLE IF NOT EXISTS user_band_history (
      project_id text NOT NULL,
      user_id text NOT NULL,
      PRIMARY KEY (project_id, user_id)
    );
  `,
});
