import { Type, type Static } from '@sinclair/typebox';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { CLUSTER_CHILDREN, CLUSTER_COLUMNS, ClusterSchema, findCluster, toCluster, type ClusterRow } from './cluster-record.js';

/** Themes with items, and defined themes from the moment they are defined. */
const LISTED = `(size > 0 OR origin = 'defined')`;
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
    parentId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Extension: only the themes filed under this parent area (its children). A merged id means the theme that absorbed it.',
        examples: ['cl_0f3k8d2m5q7w9e1r4t6y'],
      }),
    ),
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
    description:
      'Spec 4.9 and 2.2: active themes by default, largest first (ties: most recently seen), with sentiment mix and first/last seen. ' +
      'Themes without items are left out, except defined ones (a theme a person defined is listed from the start). `parentId` lists ' +
      'the children of a parent area; each theme shows its `childCount` and a `rollup` of its own and its children’s items.',
    tags: ['clusters'],
    auth: ['secret'],
    query: ListClustersQuery,
    responses: {
      200: { description: 'Themes.', schema: Type.Object({ clusters: Type.Array(ClusterSchema) }) },
      ...commonProblems(['400', '401', '429']),
    },
    async handle({ query, auth }) {
      // An unknown parent lists nothing; a merged one stands for the theme that absorbed it.
      const parentId = query.parentId === undefined ? null : ((await findCluster(services.db, auth.projectId, query.parentId))?.cluster_id ?? '');
      if (query.rank === 'revenue') {
        const ranked = await services.db.query<ClusterRow & { revenue: string }>(
          `WITH revenue AS (${REVENUE_BY_CLUSTER})
           SELECT ${CLUSTER_COLUMNS}, coalesce(revenue.revenue, 0)::text AS revenue FROM clusters LEFT JOIN revenue USING (cluster_id) ${CLUSTER_CHILDREN}
            WHERE project_id = $1 AND status = $2 AND merged_into IS NULL AND ${LISTED} AND ($4::text IS NULL OR parent_id = $4)
            ORDER BY coalesce(revenue.revenue, 0) DESC, size DESC, last_seen_at DESC NULLS LAST, cluster_id LIMIT $3`,
          [auth.projectId, query.status ?? 'active', query.limit ?? 50, parentId],
        );
        return { status: 200, body: { clusters: ranked.rows.map((row) => ({ ...toCluster(row), revenue: Number(row.revenue) })) } };
      }
      const rows = await services.db.query<ClusterRow>(
        `SELECT ${CLUSTER_COLUMNS} FROM clusters ${CLUSTER_CHILDREN}
          WHERE project_id = $1 AND status = $2 AND merged_into IS NULL AND ${LISTED} AND ($4::text IS NULL OR parent_id = $4)
          ORDER BY size DESC, last_seen_at DESC NULLS LAST, cluster_id LIMIT $3`,
        [auth.projectId, query.status ?? 'active', query.limit ?? 50, parentId],
      );
      return { status: 200, body: { clusters: rows.rows.map(toCluster) } };
    },
  };
}
