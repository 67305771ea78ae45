import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { listFeedback } from './query.js';
import { findCluster } from '../clusters/cluster-record.js';
import { ListFeedbackQuery, ListFeedbackResponse } from './schema.js';

export function listFeedbackRoute(services: CoreServices): RouteSpec<unknown, ListFeedbackQuery> {
  return {
    method: 'GET',
    path: '/api/v1/feedback',
    operationId: 'listFeedback',
    summary: 'List feedback, newest first',
    description:
      'Spec 4.2. Pages never skip or repeat an item. A page holds at most `limit` items and ends early rather than split a ' +
      "millisecond, so `nextBefore` is normally the last item's `createdAt` to the millisecond and survives re-serialising; " +
      'only when more than `limit` items share one millisecond does it carry 20 extra fraction digits, to pass back verbatim.',
    tags: ['feedback'],
    auth: ['secret'],
    query: ListFeedbackQuery,
    responses: { 200: { description: 'A page of items.', schema: ListFeedbackResponse }, ...commonProblems(['400', '401', '429']) },
    async handle({ query, auth }) {
      // A theme merged into another still filters: its items now belong to the theme that absorbed it.
      const cluster = query.cluster ? ((await findCluster(services.db, auth.projectId, query.cluster))?.cluster_id ?? query.cluster) : undefined;
      return { status: 200, body: await listFeedback(services.db, auth.projectId, { ...query, cluster }) };
    },
  };
}
