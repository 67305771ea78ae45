import { projector } from '../../src/projection-engine/projection.js';
import { clusterLinksMigrations } from './migration.js';

/** Each theme's links to tracker issues, in the order given. */
export const clusterLinksProjection = projector({
  name: 'cluster-links',
  tables: ['cluster_links'],
  handles: ['ClusterLinksChanged'],
  migrations: clusterLinksMigrations,
  async apply(event, tx) {
    const { clusterId, projectId, links } = event.data;
    await tx.query(`DELETE FROM cluster_links WHERE cluster_id = $1`, [clusterId]);
    if (links.length === 0) return;
    await tx.query(
      `INSERT INTO cluster_links (cluster_id, project_id, url, position) SELECT $1, $2, url, position - 1 FROM unnest($3::text[]) WITH ORDINALITY AS t(url, position)`,
      [clusterId, projectId, links],
    );
  },
});
