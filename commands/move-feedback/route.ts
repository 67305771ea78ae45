import { Type, type Static } from '@sinclair/typebox';
import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { NotFound } from '../../src/domain/errors.js';
import { ClusterSchema, findCluster, toCluster } from '../../queries/clusters/cluster-record.js';
import { ClusterIdParams } from '../../queries/clusters/detail-route.js';
import { moveFeedback } from './handler.js';

const MoveFeedbackBody = Type.Object(
  { clusterId: Type.String({ minLength: 1, maxLength: 100, description: 'The theme the item belongs in (a merged id means the theme that absorbed it).' }) },
  { additionalProperties: false },
);

export function moveFeedbackRoute(services: CoreServices): RouteSpec<Static<typeof MoveFeedbackBody>, unknown, { id: string }> {
  return {
    method: 'POST',
    path: '/api/v1/feedback/:id/cluster',
    operationId: 'moveFeedback',
    summary: 'Move an item to another theme',
    description:
      'Records `FeedbackMoved` on the item: it leaves its theme and joins `clusterId`; both themes’ sizes, sentiment ' +
      'mixes, first/last seen and centres follow. The move is kept: the clustering worker only places items that have no theme, ' +
      'and the periodic regrouping moves whole themes, so the item stays with the theme it was put in (if that theme is later ' +
      'merged, it goes along). Only re-embedding with another model (`feedbackctl reembed`) places it anew. Moving does not ' +
      'change either theme’s status (no regression, no spike). Moving an item to the theme it is in changes nothing. 404 for an ' +
      'item or theme not in this project; 409 for an item not yet grouped or a theme of another embedding model.',
    tags: ['clusters'],
    auth: ['secret'],
    params: ClusterIdParams,
    body: MoveFeedbackBody,
    responses: {
      200: { description: 'The theme the item is now in.', schema: ClusterSchema },
      ...commonProblems(['400', '401', '404', '429']),
      409: { description: 'The item is not in a theme yet, or the theme was formed with another embedding model (conflict).' },
    },
    async handle(request) {
      const { projectId } = request.auth;
      const cluster = await findCluster(services.db, projectId, request.body.clusterId);
      if (!cluster) throw new NotFound('The cluster');
      await moveFeedback(services, { projectId, feedbackId: request.params.id, clusterId: cluster.cluster_id }, commandContextFor(request));
      return { status: 200, body: toCluster((await findCluster(services.db, projectId, cluster.cluster_id))!) };
    },
  };
}
