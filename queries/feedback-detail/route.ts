import { Type } from '@sinclair/typebox';
import { NotFound } from '../../src/domain/errors.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { FeedbackDetailSchema, toFeedbackDetail } from '../shared/feedback-item.js';
import { findFeedback } from './query.js';

export const FeedbackIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function feedbackDetailRoute(services: CoreServices): RouteSpec<unknown, unknown, { id: string }> {
  return {
    method: 'GET',
    path: '/api/v1/feedback/:id',
    operationId: 'getFeedback',
    summary: 'One feedback item with its full analysis',
    description: 'Spec 4.3. Beyond the list fields: `receivedAt`, `processedAt` and `analysis` (which analyzer produced it, and any fallback).',
    tags: ['feedback'],
    auth: ['secret'],
    params: FeedbackIdParams,
    responses: { 200: { description: 'The item.', schema: FeedbackDetailSchema }, ...commonProblems(['401', '404', '429']) },
    async handle({ params, auth }) {
      const row = await findFeedback(services.db, auth.projectId, params.id);
      if (!row) throw new NotFound('The feedback item');
      return { status: 200, body: toFeedbackDetail(row) };
    },
  };
}
