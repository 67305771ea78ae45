import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { NotFound } from '../../src/domain/errors.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { changeClusterStatus } from './handler.js';

const ChangeClusterStatusBody = Type.Object(
  { status: Type.Union([Type.Literal('resolved'), Type.Literal('muted'), Type.Literal('active')]) },
  { additionalProperties: false },
);

export function changeClusterStatusRoute(services: CoreServices): RouteSpec<Static<typeof ChangeClusterStatusBody>, unknown, { id: string }> {
  return {
    method: 'PATCH',
    path: '/api/v1/clusters/:id',
    operationId: 'changeClusterStatus',
    summary: 'Resolve, mute or reactivate a theme',
    description:
      'Spec 3.3 (the operation the spec leaves open). `resolved` records `cluster.resolved` with the ids of the end users ' +
      'whose feedback is in the theme; new feedback then makes it active again with `cluster.regressed`. `muted` themes ' +
      'reopen silently when feedback arrives (they stay muted: no regression and no spike events) until set `active` or ' +
      '`resolved`. Setting the status it already has changes nothing.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: ChangeClusterStatusBody,
    responses: { 200: { description: 'The updated theme.', schema: ClusterSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle(request) {
      const { projectId } = request.auth;
      const cluster = await findCluster(services.db, projectId, request.params.id);
      if (!cluster) throw new NotFound('The cluster');
      await changeClusterStatus(services, { projectId, clusterId: cluster.cluster_id, status: request.body.status }, commandContextFor(request));
      return { status: 200, body: toCluster((await findCluster(services.db, projectId, cluster.cluster_id))!) };
    },
  };
}
