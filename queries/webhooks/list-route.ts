import { Type } from '@sinclair/typebox';
import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import type { CoreServices } from '../../src/services.js';
import { findWebhookEndpoints, toWebhookEndpoint, WebhookEndpointSchema } from './endpoint-record.js';

export function listWebhooksRoute(services: CoreServices): RouteSpec {
  return {
    method: 'GET',
    path: '/api/v1/webhooks',
    operationId: 'listWebhooks',
    summary: 'Webhook endpoints with delivery health',
    description:
      'Spec 4.12: the project’s endpoints, oldest first, with `failingSince` and the other delivery-health fields ' +
      '(`lastDeliveryAt`, `lastSuccessAt`, `lastStatus`, `consecutiveFailures`, `pendingDeliveries`, `disabledReason`). ' +
      'The signing secret is never listed.',
    tags: ['webhooks'],
    auth: ['secret'],
    responses: {
      200: { description: 'The endpoints.', schema: Type.Object({ webhooks: Type.Array(WebhookEndpointSchema) }) },
      ...commonProblems(['401', '429']),
    },
    async handle({ auth }) {
      const rows = await findWebhookEndpoints(services.db, auth.projectId);
      return { status: 200, body: { webhooks: rows.map(toWebhookEndpoint) } };
    },
  };
}
