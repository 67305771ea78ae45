import { Type, type Static } from '@sinclair/typebox';
import { NotFound } from '../../src/domain/errors.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { FEEDBACK_COLUMNS, FeedbackItemSchema, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';
import { ClusterSchema, clusterLinks, findCluster, toCluster } from './cluster-record.js';
import { BreakdownParam, BreakdownSchema, clusterBreakdown } from '../cluster-breakdown/query.js';

export const ClusterIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const ClusterDetailQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })), breakdown: Type.Optional(BreakdownParam) },
  { additionalProperties: false },
);

export function clusterDetailRoute(services: CoreServices): RouteSpec<unknown, Static<typeof ClusterDetailQuery>, { id: string }> {
  return {
    method: 'GET',
    path: '/api/v1/clusters/:id',
    operationId: 'getCluster',
    summary: 'One theme with its most recent items',
    description:
      'Spec 4.10. The id of a theme merged into another resolves to the theme that absorbed it. `cluster.links`: the theme’s links to tracker issues.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    query: ClusterDetailQuery,
    responses: {
      200: {
        description: 'The theme and its most recent items (and the breakdown asked for).',
        schema: Type.Object({ cluster: ClusterSchema, items: Type.Array(FeedbackItemSchema), breakdown: Type.Optional(BreakdownSchema) }),
      },
      ...commonProblems(['400', '401', '404', '429']),
    },
    async handle({ params, query, auth }) {
      const cluster = await findCluster(services.db, auth.projectId, params.id);
      if (!cluster) throw new NotFound('The cluster');
      const items = await services.db.query<FeedbackRow>(
        `SELECT ${FEEDBACK_COLUMNS} FROM feedback_items WHERE project_id = $1 AND cluster_id = $2
          ORDER BY feedback_items.created_at DESC, feedback_items.list_seq DESC LIMIT $3`,
        [auth.projectId, cluster.cluster_id, query.limit ?? 20],
      );
      const breakdown =
        query.breakdown === undefined ? {} : { breakdown: await clusterBreakdown(services.db, auth.projectId, cluster.cluster_id, query.breakdown) };
      const withLinks = { ...toCluster(cluster), links: await clusterLinks(services.db, cluster.cluster_id) };
      return { status: 200, body: { cluster: withLinks, items: items.rows.map(toFeedbackItem), ...breakdown } };
    },
  };
}
