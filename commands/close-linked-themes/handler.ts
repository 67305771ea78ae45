import { normaliseTrackerLink } from '../../src/domain/cluster/tracker-links.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { changeClusterStatus } from '../change-cluster-status/handler.js';

/**
 * A tracker reported the issue at `issueUrl` closed: every theme of the project linked to it is
 * resolved (`ClusterResolved`, so `cluster.resolved` goes out; one already resolved stays as it is).
 * A theme merged into another passes the link on to the theme that absorbed it. Returns the themes
 * linked to the issue, which are now resolved.
 */
export async function closeLinkedThemes(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  projectId: string,
  issueUrl: string,
  context: CommandContext,
): Promise<string[]> {
  const link = normaliseTrackerLink(issueUrl);
  if (!link.ok) return [];
  const linked = await services.db.query<{ cluster_id: string }>(
    `WITH RECURSIVE linked AS (
       SELECT c.cluster_id, c.merged_into, 0 AS hops FROM cluster_links l JOIN clusters c ON c.cluster_id = l.cluster_id
        WHERE l.project_id = $1 AND l.url = $2
       UNION ALL
       SELECT c.cluster_id, c.merged_into, linked.hops + 1 FROM linked JOIN clusters c ON c.cluster_id = linked.merged_into WHERE linked.hops < 20
     )
     SELECT DISTINCT cluster_id FROM linked WHERE merged_into IS NULL ORDER BY cluster_id`,
    [projectId, link.url],
  );
  const resolved: string[] = [];
  for (const { cluster_id: clusterId } of linked.rows) {
    await changeClusterStatus(services, { projectId, clusterId, status: 'resolved' }, context);
    resolved.push(clusterId);
  }
  return resolved;
}
