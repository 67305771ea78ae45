import type { Migration } from '../../src/db/migrations.js';

export const themeHistoryMigrations: Migration[] = [
  {
    // When themes spiked and were resolved, for the digests' "spiking" and "resolved" of a period.
    id: '0450_theme_status_history',
    sql: `
      CREATE TABLE IF NOT EXISTS theme_status_history (
        event_id text PRIMARY KEY,
        cluster_id text NOT NULL,
        project_id text NOT NULL,
        kind text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS theme_status_history_project ON theme_status_history (project_id, kind, at);
    `,
  },
];
