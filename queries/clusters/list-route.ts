import { Type, type Static } from '@sinclair/typebox';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { CLUSTER_COLUMNS, ClusterSchema, toCluster, type ClusterRow } from './cluster-record.js';
import { REVENUE_BY_CLUSTER } from '../cluster-breakdown/revenue.js';

export const ListClustersQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('resolved'), Type.Literal('muted')], {
        default: 'active',
        description: 'Which themes to list; active by default.',
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    rank: Type.Optional(
      Type.Union([Type.Literal('volume'), Type.Literal('revenue')], {
        default: 'volume',
        description:
          '`revenue` ranks themes by the revenue they touch: the sum of the current customer value (spec 2.4) of the distinct users ' +
          'with items in the theme, given as `revenue` on each theme (0 when none is known); ties by volume.',
      }),
    ),
  },
  { additionalProperties: false },
);
type ListClustersQuery = Static<typeof ListClustersQuery>;

export function listClustersRoute(services: CoreServices): RouteSpec<unknown, ListClustersQuery> {
  return {
    method: 'GET',
    path: '/api/v1/clusters',
    operationId: 'listClusters',
    summary: 'Themes ranked by volume',
    description: 'Spec 4.9 and 2.2: active themes by default, largest first (ties: most recently seen), with sentiment mix and first/last seen.',
    tags: ['clusters'],
    auth: ['secret'],
    query: ListClustersQuery,
    responses: {
      200: { description: 'Themes.', schema: Type.Object({ clusters: Type.Array(ClusterSchema) }) },
      ...commonProblems(['400', '401', '429']),
    },
    async handle({ query, auth }) {
      if (query.rank === 'revenue') {
        const ranked = await services.db.query<ClusterRow & { revenue: string }>(
          `WITH revenue AS (${REVENUE_BY_CLUSTER})
           SELECT ${CLUSTER_COLUMNS}, coalesce(revenue.revenue, 0)::text AS revenue FROM clusters LEFT JOIN revenue USING (cluster_id)
            WHERE project_id = $1 AND status = $2 AND merged_into IS NULL AND size > 0
            ORDER BY coalesce(revenue.revenue, 0) DESC, size DESC, last_seen_at DESC NULLS LAST, cluster_id LIMIT $3`,
          [auth.projectId, query.status ?? 'active', query.limit ?? 50],
        );
        return { status: 200, body: { clusters: ranked.rows.map((row) => ({ ...toCluster(row), revenue: Number(row.revenue) })) } };
      }
      const rows = await services.db.query<ClusterRow>(
        `SELECT ${CLUSTER_COLUMNS} FROM clusters
          WHERE project_id = $1 AND status = $2 AND merged_into IS NULL AND size > 0
          ORDER BY size DESC, last_seen_at DESC NULLS LAST, cluster_id LIMIT $3`,
        [auth.projectId, query.status ?? 'active', query.limit ?? 50],
      );
      return { status: 200, body: { clusters: rows.rows.map(toCluster) } };
    },
  };
}
