import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import { commandContextFor } from '../../src/http/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { WebhookIdParams } from '../change-webhook/route.js';
import { deleteWebhook } from './handler.js';

export function deleteWebhookRoute(services: CoreServices): RouteSpec<unknown, unknown, { id: string }> {
  return {
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    operationId: 'deleteWebhook',
    summary: 'Remove a webhook endpoint',
    description:
      'Spec 4.12, 3.4. 204; the endpoint, its secret and its pending deliveries are gone and nothing more is sent. ' +
      'An id that is not in this project (never existed, already deleted, or another project’s) is 404 not-found, like PATCH: ' +
      'a retried DELETE whose first answer was lost gets 404, and the endpoint is gone either way.',
    tags: ['webhooks'],
    auth: ['secret'],
    params: WebhookIdParams,
    responses: { 204: { description: 'Removed.' }, ...commonProblems(['401', '404', '429']) },
    async handle(request) {
      await deleteWebhook(services, { projectId: request.auth.projectId, endpointId: request.params.id }, commandContextFor(request));
      return { status: 204 };
    },
  };
}
