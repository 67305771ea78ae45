import type { Migration } from '../db/migrations.js';
import { erasureRequestMigrations } from './erasure-requests.migration.js';
import { digestSendMigrations } from '../notifications/digest/digest-sends.migration.js';
import { extractionWorkMigrations } from '../transcripts/extraction/extraction-work.migration.js';

/**
 * Tables of the workers themselves. The work tables (analysis, clustering, erasure jobs) belong to
 * the reactors that fill them (`src/reactors/`): workers claim their rows with SKIP LOCKED under a
 * lease renewed while they work, do the slow work outside any transaction, and append the outcome
 * as events. A crash leaves the row to be claimed again when its lease runs out.
 */
export const workMigrations: Migration[] = [
  {
    // Clustering decisions of one project are taken one at a time (each sees the previous one's theme).
    // IF NOT EXISTS: databases from before the reactors created it in their work-table migration.
    id: '0540_clustering_leases',
    sql: `
      CREATE TABLE IF NOT EXISTS clustering_leases (
        project_id text PRIMARY KEY,
        claimed_until timestamptz NOT NULL
      );
    `,
  },
  ...erasureRequestMigrations,
  ...extractionWorkMigrations,
  ...digestSendMigrations,
];
