import { NotFound } from '../../src/domain/errors.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { findCluster } from '../clusters/cluster-record.js';
import { ClusterIdParams } from '../clusters/detail-route.js';
import { clusterTrend } from './cluster-trend.js';
import { refuseMoneySegment } from '../cluster-breakdown/no-money-segment.js';
import { segmentName, segmentProblems } from './segment.js';
import { periodProblems, resolvePeriod } from './period.js';
import { ClusterTrendQuery, ClusterTrendResponse } from './schema.js';

export function clusterTrendRoute(services: CoreServices): RouteSpec<unknown, ClusterTrendQuery, { id: string }> {
  return {
    method: 'GET',
    path: '/api/v1/clusters/:id/trend',
    operationId: 'getClusterTrend',
    summary: "A theme's items over time",
    description:
      'Extension. The theme’s items by day or ISO week (UTC) between `from` (inclusive) and `to` (exclusive), by `createdAt` ' +
      '(a backfilled item counts at its own time): count, sentiment mix and revenue per bucket, empty buckets included. ' +
      'Default: the last 30 days in day buckets; at most 366 days. A merged id resolves to the theme that absorbed it. `trait` counts only the items of a segment.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    query: ClusterTrendQuery,
    validate: ({ query }) => [...periodProblems(query, services.clock.now()), ...segmentProblems(query.trait)],
    responses: { 200: { description: 'The buckets, oldest first.', schema: ClusterTrendResponse }, ...commonProblems(['400', '401', '404', '429']) },
    async handle({ params, query, auth }) {
      const cluster = await findCluster(services.db, auth.projectId, params.id);
      if (!cluster) throw new NotFound('The cluster');
      await refuseMoneySegment(services.db, auth.projectId, 'trait', query.trait === undefined ? [] : [segmentName(query.trait)]);
      const period = resolvePeriod(query, services.clock.now());
      const bucket = query.bucket ?? 'day';
      const buckets = await clusterTrend(
        services.db,
        auth.projectId,
        cluster.cluster_id,
        period,
        bucket,
        query.trait === undefined ? {} : { trait: query.trait },
      );
      return {
        status: 200,
        body: { cluster: { id: cluster.cluster_id, label: cluster.label }, from: period.from.toISOString(), to: period.to.toISOString(), bucket, buckets },
      };
    },
  };
}
