import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { Chars } from '../../src/http/chars.js';
import { NotFound } from '../../src/domain/errors.js';
import { LABEL_LIMIT_CHARS } from '../../src/domain/cluster/label-rules.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { splitCluster } from './handler.js';

export const SPLIT_LIMIT_ITEMS = 500;

const SplitClusterBody = Type.Object(
  {
    feedbackIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: SPLIT_LIMIT_ITEMS,
      uniqueItems: true,
      description: 'The items of this theme that form the new theme (1 to 500); at least one item must stay.',
    }),
    label: Type.Optional(
      Chars({ minLength: 1, maxLength: LABEL_LIMIT_CHARS, description: 'The new theme’s name (manual, redacted); automatic from its items when absent.' }),
    ),
  },
  { additionalProperties: false },
);

export function splitClusterRoute(services: CoreServices): RouteSpec<Static<typeof SplitClusterBody>, unknown, { id: string }> {
  return {
    method: 'POST',
    path: '/api/v1/clusters/:id/split',
    operationId: 'splitCluster',
    summary: 'Split items off a theme into a new one',
    description:
      'The new theme is recorded as `ClusterCreated` + `ClusterSplit` (naming the theme it came from and the items), ' +
      'then each item records `FeedbackMoved` (reason `split`); both themes’ counts and centres follow, the new theme starts ' +
      'active. Its id follows from the theme and the items named, so a request repeated after a failure finishes the same split. ' +
      'The items stay where they were put (see POST /feedback/{id}/cluster). 400 names each item that is not in this theme ' +
      '(`feedbackIds[i]`); 409 when no item would stay.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: SplitClusterBody,
    responses: {
      201: { description: 'The new theme.', schema: ClusterSchema },
      ...commonProblems(['400', '401', '404', '429']),
      409: { description: 'Every item of the theme was named: a split must leave one at least (conflict).' },
    },
    async handle(request) {
      const { projectId } = request.auth;
      const cluster = await findCluster(services.db, projectId, request.params.id);
      if (!cluster) throw new NotFound('The cluster');
      const { feedbackIds, label } = request.body;
      const created = await splitCluster(services, { projectId, clusterId: cluster.cluster_id, feedbackIds, label }, commandContextFor(request));
      return { status: 201, body: toCluster((await findCluster(services.db, projectId, created))!) };
    },
  };
}
