import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../src/db/database.js';
import { WEBHOOK_EVENT_KINDS } from '../../src/domain/webhook/events.js';

const DateTimeOrNull = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const WebhookEventKindSchema = Type.String({
  description: `One of the six event kinds of spec 6: ${WEBHOOK_EVENT_KINDS.join(', ')}.`,
  examples: ['feedback.processed'],
});

export const WebhookEndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ format: 'uri' }),
  events: Type.Array(WebhookEventKindSchema),
  active: Type.Boolean({ description: 'False when paused (PATCH active=false) or disabled after failing continuously for 15 minutes.' }),
  disabledReason: Type.Union([Type.Literal('paused'), Type.Literal('failing'), Type.Null()], {
    description: '`paused` by PATCH, `failing` when disabled automatically; null while active.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  failingSince: DateTimeOrNull('Start of the current continuous failure streak; null when healthy (spec 2.6).'),
  lastDeliveryAt: DateTimeOrNull('When the last delivery attempt ended.'),
  lastSuccessAt: DateTimeOrNull('When the last delivery succeeded (a 2xx answer).'),
  lastStatus: Type.Union([Type.Integer(), Type.Null()], {
    description: 'HTTP status of the last attempt; null when none came (timeout, refused address, network error).',
  }),
  consecutiveFailures: Type.Integer({ description: 'Failed attempts since the last success (or since resuming).' }),
  pendingDeliveries: Type.Integer({ description: 'Deliveries waiting to be sent or retried (held while the endpoint is not active).' }),
});

/** The create response: the endpoint and its signing secret, shown this once and never again. */
export const CreatedWebhookEndpointSchema = Type.Composite([
  WebhookEndpointSchema,
  Type.Object({
    secret: Type.String({
      description:
        'The signing secret (`whsec_` + base64 of 32 random bytes). Returned only in this response; stored encrypted (AES-256-GCM) and never shown again.',
    }),
  }),
]);

export interface WebhookEndpointRow {
  endpoint_id: string;
  url: string;
  events: string[];
  active: boolean;
  disabled_reason: 'paused' | 'failing' | null;
  created_at: Date;
  failing_since: Date | null;
  last_delivery_at: Date | null;
  last_success_at: Date | null;
  last_status: number | null;
  consecutive_failures: number;
  pending_deliveries: number | string;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toWebhookEndpoint(row: WebhookEndpointRow) {
  return {
    id: row.endpoint_id,
    url: row.url,
    events: row.events,
    active: row.active,
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at)!,
    failingSince: iso(row.failing_since),
    lastDeliveryAt: iso(row.last_delivery_at),
    lastSuccessAt: iso(row.last_success_at),
    lastStatus: row.last_status,
    consecutiveFailures: row.consecutive_failures,
    pendingDeliveries: Number(row.pending_deliveries),
  };
}

/** The project's endpoints (one when `endpointId` is given), oldest first, with delivery health. */
export async function findWebhookEndpoints(db: Queryable, projectId: string, endpointId?: string): Promise<WebhookEndpointRow[]> {
  const result = await db.query<WebhookEndpointRow>(
    `SELECT e.endpoint_id, e.url, e.events, e.active, e.disabled_reason, e.created_at, e.failing_since, e.last_delivery_at,
            e.last_success_at, e.last_status, e.consecutive_failures,
            (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.endpoint_id AND d.status = 'pending') AS pending_deliveries
       FROM webhook_endpoints e
      WHERE e.project_id = $1 AND ($2::text IS NULL OR e.endpoint_id = $2)
      ORDER BY e.created_at, e.endpoint_id`,
    [projectId, endpointId ?? null],
  );
  return result.rows;
}
