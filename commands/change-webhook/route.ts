import { Type, type Static } from '@sinclair/typebox';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import { commandContextFor } from '../../src/http/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { NotFound } from '../../src/domain/errors.js';
import { findWebhookEndpoints, toWebhookEndpoint, WebhookEndpointSchema } from '../../queries/webhooks/endpoint-record.js';
import { changeWebhookActive } from './handler.js';

export const WebhookIdParams = Type.Object({ id: Type.String({ maxLength: 100, description: 'The endpoint id (`whe_…`).' }) });

const ChangeWebhookBody = Type.Object(
  {
    active: Type.Boolean({
      description: 'false pauses (deliveries stop; endpoint and secret are kept); true resumes and clears the failure streak and its clock.',
    }),
  },
  { additionalProperties: false },
);

export function changeWebhookRoute(services: CoreServices): RouteSpec<Static<typeof ChangeWebhookBody>, unknown, { id: string }> {
  return {
    method: 'PATCH',
    path: '/api/v1/webhooks/:id',
    operationId: 'changeWebhook',
    summary: 'Pause or resume a webhook endpoint',
    description:
      'Spec 4.12, 3.4. Deliveries created before a pause wait (`pendingDeliveries`) and are sent after resuming; events ' +
      'that happen while paused are not delivered. Resuming an endpoint disabled for failing clears `failingSince` and ' +
      '`consecutiveFailures`. The secret is not returned. 404 when the endpoint is not in this project.',
    tags: ['webhooks'],
    auth: ['secret'],
    params: WebhookIdParams,
    body: ChangeWebhookBody,
    responses: { 200: { description: 'The updated endpoint.', schema: WebhookEndpointSchema }, ...commonProblems(['400', '401', '404', '429']) },
    async handle(request) {
      const { projectId } = request.auth;
      await changeWebhookActive(services, { projectId, endpointId: request.params.id, active: request.body.active }, commandContextFor(request));
      const [row] = await findWebhookEndpoints(services.db, projectId, request.params.id);
      if (!row) throw new NotFound('The webhook endpoint');
      return { status: 200, body: toWebhookEndpoint(row) };
    },
  };
}
