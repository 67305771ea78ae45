import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { NotFound } from '../../src/domain/errors.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { changeClusterStatus } from './handler.js';
import { Chars } from '../../src/http/chars.js';
import { LABEL_LIMIT_CHARS } from '../../src/domain/cluster/label-rules.js';
import { renameCluster } from '../rename-cluster/handler.js';

const ChangeClusterStatusBody = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('resolved'), Type.Literal('muted'), Type.Literal('active')])),
    label: Type.Optional(
      Chars({
        minLength: 1,
        maxLength: LABEL_LIMIT_CHARS,
        description:
          'A name for the theme, 1 to 80 characters on one line (trimmed; no control characters). Redacted like feedback text. ' +
          'From then on the label is manual: automatic relabelling (as the theme grows, after a deletion, after a regrouping) never replaces it.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1, description: '`status`, `label` or both.' },
);

export function changeClusterStatusRoute(services: CoreServices): RouteSpec<Static<typeof ChangeClusterStatusBody>, unknown, { id: string }> {
  return {
    method: 'PATCH',
    path: '/api/v1/clusters/:id',
    operationId: 'changeClusterStatus',
    summary: 'Rename, resolve, mute or reactivate a theme',
    description:
      'Spec 3.3 (the operation the spec leaves open). `resolved` fires `cluster.resolved` with the ids of the end users ' +
      'whose feedback is in the theme (read when the delivery is queued; the log records no user id, so an erased user leaves no trace); new feedback then makes it active again with `cluster.regressed`. `muted` themes ' +
      'reopen silently when feedback arrives (they stay muted: no regression and no spike events) until set `active` or ' +
      '`resolved`. Muting ends a spike: a muted theme never shows `spiking` and never fires `cluster.spiking`. Setting the status it already has changes nothing. ' +
      '`label` renames the theme (`ClusterRenamed`); the same label again changes nothing. Both may be sent together.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: ChangeClusterStatusBody,
    responses: { 200: { description: 'The updated theme.', schema: ClusterSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle(request) {
      const { projectId } = request.auth;
      const cluster = await findCluster(services.db, projectId, request.params.id);
      if (!cluster) throw new NotFound('The cluster');
      const { status, label } = request.body;
      if (label !== undefined) await renameCluster(services, { projectId, clusterId: cluster.cluster_id, label }, commandContextFor(request));
      if (status !== undefined) await changeClusterStatus(services, { projectId, clusterId: cluster.cluster_id, status }, commandContextFor(request));
      return { status: 200, body: toCluster((await findCluster(services.db, projectId, cluster.cluster_id))!) };
    },
  };
}
