import type { Migration } from '../../src/db/migrations.js';

export const feedbackListMigrations: Migration[] = [
  {
    id: '0200_feedback_items',
    sql: `
      CREATE TABLE feedback_items (
        feedback_id text PRIMARY KEY,
        project_id text NOT NULL,
        text text NOT NULL,
        source text NOT NULL,
        user_id text,
        metadata jsonb NOT NULL,
        status text NOT NULL,
        sentiment text,
        sentiment_score double precision,
        type text,
        emotions text[],
        language text,
        analyzer text,
        fallback jsonb,
        cluster_id text,
        created_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        processed_at timestamptz,
        -- position of the submission in the log: a unique tie-breaker for items sharing a timestamp
        list_seq numeric(20) NOT NULL
      );
      CREATE INDEX feedback_items_newest ON feedback_items (project_id, created_at DESC, list_seq DESC);
      CREATE INDEX feedback_items_metadata ON feedback_items USING gin (metadata jsonb_path_ops);
      CREATE INDEX feedback_items_cluster ON feedback_items (project_id, cluster_id, created_at DESC);
      CREATE INDEX feedback_items_user ON feedback_items (project_id, user_id) WHERE user_id IS NOT NULL;
    `,
  },
  {
    id: '0201_feedback_items_confidence',
    sql: `ALTER TABLE feedback_items ADD COLUMN confidence double precision;`,
  },
  {
    // The product area the LLM analyzer named; analyses recorded before it have none, so nothing is rebuilt.
    id: '0202_feedback_items_topic',
    sql: `ALTER TABLE feedback_items ADD COLUMN IF NOT EXISTS topic text;`,
  },
  {
    // Whether the customer threatens to leave; analyses recorded before the field existed replay as false, the default, so nothing is rebuilt.
    id: '0203_feedback_items_churn_risk',
    sql: `ALTER TABLE feedback_items ADD COLUMN IF NOT EXISTS churn_risk boolean NOT NULL DEFAULT false;`,
  },
  {
    // Trends (GET /trends, GET /clusters/{id}/trend, the workspace) count a project's items by period,
    // theme and sentiment: these indexes hold every column they read, so the heap is not visited.
    id: '0204_feedback_items_trend_indexes',
    sql: `
      CREATE INDEX IF NOT EXISTS feedback_items_period ON feedback_items (project_id, created_at) INCLUDE (cluster_id, sentiment, churn_risk, feedback_id);
      CREATE INDEX IF NOT EXISTS feedback_items_cluster_period ON feedback_items (project_id, cluster_id, created_at) INCLUDE (sentiment, feedback_id);
    `,
  },
];
