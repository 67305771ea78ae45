import { projector } from '../../src/projection-engine/projection.js';
import { themeHistoryMigrations } from './migration.js';

/** Each spike and resolution of a theme, with its time: what a digest reports for its period. */
export const themeHistoryProjection = projector({
  name: 'theme-history',
  tables: ['theme_status_history'],
  handles: ['ClusterSpiking', 'ClusterResolved'],
  migrations: themeHistoryMigrations,
  async apply(event, tx) {
    await tx.query(`INSERT INTO theme_status_history (event_id, cluster_id, project_id, kind, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
      event.id,
      event.data.clusterId,
      event.data.projectId,
      event.type === 'ClusterSpiking' ? 'spiking' : 'resolved',
      event.data.at,
    ]);
  },
});
