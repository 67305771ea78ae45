import type { RouteSpec } from '../../src/http/route.js';
import { commonProblems } from '../../src/http/common-responses.js';
import { commandContextFor } from '../../src/http/command-context.js';
import type { CoreServices } from '../../src/services.js';
import { Invalid } from '../../src/domain/errors.js';
import { checkEventKinds } from '../../src/domain/webhook/decide.js';
import { checkWebhookUrl } from '../../src/webhooks/endpoint-url.js';
import { WebhooksNotConfigured } from '../../src/webhooks/secret-box.js';
import { AppError } from '../../src/http/app-error.js';
import { CreatedWebhookEndpointSchema, findWebhookEndpoints, toWebhookEndpoint } from '../../queries/webhooks/endpoint-record.js';
import { CreateWebhookBody } from './schema.js';
import { createWebhook } from './handler.js';

const NEW_ENDPOINT_HEALTH = {
  active: true,
  disabledReason: null,
  failingSince: null,
  lastDeliveryAt: null,
  lastSuccessAt: null,
  lastStatus: null,
  consecutiveFailures: 0,
  pendingDeliveries: 0,
};

export function createWebhookRoute(services: CoreServices): RouteSpec<CreateWebhookBody> {
  return {
    method: 'POST',
    path: '/api/v1/webhooks',
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint',
    description:
      'Spec 4.12, 2.6. 201 returns the endpoint with its signing `secret`, shown this once only (never by the list or PATCH). ' +
      'At most 10 endpoints per project: the endpoints of a project are one event stream appended with its expected ' +
      'revision, so concurrent creates cannot exceed the cap; the 11th gets 409 `conflict`. Deliveries: `POST` of the ' +
      'envelope `{ id, event, occurredAt, data }` as JSON, signed with `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 ' +
      'of "<t>.<raw body>">` (key: the secret string) and the Standard Webhooks headers `webhook-id`, `webhook-timestamp`, ' +
      '`webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">` (key: the base64-decoded part after `whsec_`). ' +
      'Any 2xx within 10 s is success; redirects are not followed (a 3xx is a failure). Failed deliveries are retried 5 ' +
      'times after about 30 s, 2 min, 10 min, 1 h and 6 h (+0–20 % jitter), with the same event id. An endpoint failing ' +
      'continuously for 15 minutes is disabled (`disabledReason: failing`). 503 `webhooks-not-configured` when the server ' +
      'runs on DATABASE_URL without WEBHOOK_SECRET_KEY.',
    tags: ['webhooks'],
    auth: ['secret'],
    body: CreateWebhookBody,
    validate({ body }) {
      const problems = checkWebhookUrl(body.url, services.config.webhookAllowHttp);
      try {
        checkEventKinds(body.events);
      } catch (error) {
        if (error instanceof Invalid) problems.push(...error.problems);
        else throw error;
      }
      return problems;
    },
    responses: {
      201: { description: 'The new endpoint, with its one-time secret.', schema: CreatedWebhookEndpointSchema },
      ...commonProblems(['400', '401', '429']),
      409: { description: 'The project has 10 endpoints already (conflict).' },
      503: { description: 'Webhooks are not configured: DATABASE_URL is set but WEBHOOK_SECRET_KEY is not (webhooks-not-configured).' },
    },
    async handle(request) {
      const { projectId } = request.auth;
      let created: Awaited<ReturnType<typeof createWebhook>>;
      try {
        created = await createWebhook(services, { projectId, url: request.body.url, events: request.body.events }, commandContextFor(request));
      } catch (error) {
        if (error instanceof WebhooksNotConfigured) throw new AppError(503, 'webhooks-not-configured', 'Webhooks not configured', error.message);
        throw error;
      }
      const [row] = await findWebhookEndpoints(services.db, projectId, created.endpointId);
      const endpoint = row
        ? toWebhookEndpoint(row)
        : { ...NEW_ENDPOINT_HEALTH, id: created.endpointId, url: request.body.url, events: request.body.events, createdAt: created.createdAt };
      return { status: 201, body: { ...endpoint, secret: created.secret } };
    },
  };
}
