/** The event kinds a webhook endpoint can subscribe to (spec 6); the service emits no others. */
export const WEBHOOK_EVENT_KINDS = [
  'feedback.processed',
  'cluster.spiking',
  'cluster.regressed',
  'cluster.resolved',
  'user.health_changed',
  'question.verdict_changed',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** At most this many endpoints per project (spec 8). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** Why an endpoint stopped receiving deliveries. */
export type WebhookDisabledReason = 'paused' | 'failing';

interface EndpointRef {
  projectId: string;
  endpointId: string;
  at: string;
}

/**
 * The endpoints of one project live in one stream (`webhook-endpoints-<projectId>`), appended with
 * its expected revision: the 10-endpoint cap holds under concurrent creates without check-then-insert.
 * The signing secret is only ever recorded encrypted (`secretCiphertext`, AES-256-GCM).
 */
export type WebhookEvent =
  | { type: 'WebhookEndpointCreated'; data: EndpointRef & { url: string; events: WebhookEventKind[]; secretCiphertext: string } }
  | { type: 'WebhookEndpointPaused'; data: EndpointRef }
  | { type: 'WebhookEndpointResumed'; data: EndpointRef }
  /** Failing continuously for 15 minutes (spec 3.4); `failingSince` is the start of the streak. */
  | { type: 'WebhookEndpointAutoDisabled'; data: EndpointRef & { failingSince: string } }
  | { type: 'WebhookEndpointDeleted'; data: EndpointRef };

export const webhookEndpointsStream = (projectId: string) => `webhook-endpoints-${projectId}`;
