import type { Migration } from '../../db/migrations.js';

/**
 * `question_projects`: which projects track questions, in log order. `question_evaluations_due`: a
 * project whose tracked questions are to be evaluated again; `mark` grows with every new reason, so
 * the worker removes the row only if nothing new arrived while it evaluated.
 */
export const questionEvaluationsMigrations: Migration[] = [
  {
    id: '0810_question_evaluations',
    sql: `
      CREATE TABLE IF NOT EXISTS question_projects (
        question_id text PRIMARY KEY,
        project_id text NOT NULL
      );
      CREATE INDEX IF NOT EXISTS question_projects_project ON question_projects (project_id);
      CREATE TABLE IF NOT EXISTS question_evaluations_due (
        project_id text PRIMARY KEY,
        mark bigint NOT NULL DEFAULT 1,
        claimed_until timestamptz
      );
    `,
  },
];
