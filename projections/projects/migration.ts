import type { Migration } from '../../src/db/migrations.js';

export const projectsMigrations: Migration[] = [
  {
    id: '0100_projects',
    sql: `
      CREATE TABLE projects (
        project_id text PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        settings jsonb NOT NULL
      );
      CREATE TABLE project_origins (
        project_id text NOT NULL,
        origin text NOT NULL,
        PRIMARY KEY (project_id, origin)
      );
      CREATE INDEX project_origins_origin ON project_origins (origin);
      CREATE TABLE api_keys (
        key_id text PRIMARY KEY,
        project_id text NOT NULL,
        key_type text NOT NULL,
        mode text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        issued_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_prefix ON api_keys (prefix);
    `,
  },
];
