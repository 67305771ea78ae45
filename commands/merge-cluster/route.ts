import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { NotFound } from '../../src/domain/errors.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { mergeCluster } from './handler.js';

const MergeClusterBody = Type.Object(
  { into: Type.String({ minLength: 1, maxLength: 100, description: 'The id of the theme that absorbs this one (not one merged away).' }) },
  { additionalProperties: false },
);

export function mergeClusterRoute(services: CoreServices): RouteSpec<Static<typeof MergeClusterBody>, unknown, { id: string }> {
  return {
    method: 'POST',
    path: '/api/v1/clusters/:id/merge',
    operationId: 'mergeCluster',
    summary: 'Merge this theme into another',
    description:
      'Records `ClusterMerged` (with `manual: true`): every item of this theme joins `into`, whose size, sentiment mix, ' +
      'first/last seen and centre then count them; `into` keeps its label and status. The merged id keeps resolving to `into` ' +
      '(GET /clusters/{id}, GET /feedback?cluster=). 404 when either theme is not in this project; 409 when merging a theme into ' +
      'itself, into a theme that was itself merged away, or into a theme formed with another embedding model.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: MergeClusterBody,
    responses: {
      200: { description: 'The theme that absorbed this one.', schema: ClusterSchema },
      ...commonProblems(['400', '401', '404', '429']),
      409: { description: 'Into itself, into a theme merged away, or across embedding models (conflict).' },
    },
    async handle(request) {
      const { projectId } = request.auth;
      const cluster = await findCluster(services.db, projectId, request.params.id);
      if (!cluster) throw new NotFound('The cluster');
      await mergeCluster(services, { projectId, clusterId: cluster.cluster_id, into: request.body.into }, commandContextFor(request));
      return { status: 200, body: toCluster((await findCluster(services.db, projectId, request.body.into))!) };
    },
  };
}
