import { commandContextFor } from '../../src/http/command-context.js';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { FeedbackIdParams } from '../../queries/feedback-detail/route.js';
import { deleteFeedback } from './handler.js';

export function deleteFeedbackRoute(services: CoreServices): RouteSpec<unknown, unknown, { id: string }> {
  return {
    method: 'DELETE',
    path: '/api/v1/feedback/:id',
    operationId: 'deleteFeedback',
    summary: 'Hard-delete a feedback item',
    description: 'Spec 4.4. The text leaves the read models, the work tables and the event log before the 204; a second delete is 404.',
    tags: ['feedback'],
    auth: ['secret'],
    params: FeedbackIdParams,
    responses: { 204: { description: 'Deleted.' }, ...commonProblems(['401', '404', '429']) },
    async handle(request) {
      await deleteFeedback(services, { projectId: request.auth.projectId, feedbackId: request.params.id }, commandContextFor(request));
      return { status: 204 };
    },
  };
}
