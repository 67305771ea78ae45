import type { Migration } from '../../src/db/migrations.js';

/** The questions each project tracks now, with the vector they are matched by and their verdict. */
export const trackedQuestionsMigrations: Migration[] = [
  {
    id: '0800_tracked_questions',
    sql: `
      CREATE TABLE tracked_questions (
        question_id text PRIMARY KEY,
        project_id text NOT NULL,
        text text NOT NULL,
        about text NOT NULL,
        tracked_at timestamptz NOT NULL,
        embedding_model text,
        embedding vector,
        verdict text NOT NULL DEFAULT 'insufficient',
        verdict_changed_at timestamptz,
        verdict_counts jsonb
      );
      CREATE INDEX tracked_questions_project ON tracked_questions (project_id, tracked_at);
    `,
  },
];
