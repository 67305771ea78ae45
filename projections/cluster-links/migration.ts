import type { Migration } from '../../src/db/migrations.js';

export const clusterLinksMigrations: Migration[] = [
  {
    // Themes' links to tracker issues (canonical URLs): shown on the theme, looked up when a tracker reports an issue closed.
    id: '0460_cluster_links',
    sql: `
      CREATE TABLE IF NOT EXISTS cluster_links (
        cluster_id text NOT NULL,
        project_id text NOT NULL,
        url text NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (cluster_id, url)
      );
      CREATE INDEX IF NOT EXISTS cluster_links_url ON cluster_links (project_id, url);
    `,
  },
];
