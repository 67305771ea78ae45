import type { Migration } from '../../src/db/migrations.js';

export const appSessionsMigrations: Migration[] = [
  {
    id: '1000_app_sessions',
    sql: `
      CREATE TABLE app_sessions (
        session_id text PRIMARY KEY,
        project_id text NOT NULL,
        role text NOT NULL,
        -- SHA-256 of the sign-in link's token and of the session cookie: the secrets are never stored
        link_hash text NOT NULL UNIQUE,
        issued_at timestamptz NOT NULL,
        link_expires_at timestamptz NOT NULL,
        session_hash text UNIQUE,
        signed_in_at timestamptz,
        expires_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX app_sessions_project ON app_sessions (project_id, issued_at DESC);
    `,
  },
];
