import { Conflict, Invalid, NotFound } from '../errors.js';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_KINDS, type WebhookEvent, type WebhookEventKind } from './events.js';
import type { WebhookEndpointsState } from './state.js';

export type WebhookCommand =
  | {
      type: 'CreateEndpoint';
      projectId: string;
      endpointId: string;
      /** Already checked by the edge (scheme, host, address): see `src/webhooks/endpoint-url.ts`. */
      url: string;
      events: string[];
      secretCiphertext: string;
      now: string;
    }
  | { type: 'SetEndpointActive'; projectId: string; endpointId: string; active: boolean; now: string }
  /** The delivery worker saw the endpoint fail continuously since `failingSince`. */
  | { type: 'AutoDisableEndpoint'; projectId: string; endpointId: string; failingSince: string; now: string }
  | { type: 'DeleteEndpoint'; projectId: string; endpointId: string; now: string };

/** A non-empty list of known kinds without repeats; each problem names the offending entry. */
export function checkEventKinds(events: string[]): WebhookEventKind[] {
  const problems: { field: string; message: string }[] = [];
  if (events.length === 0) problems.push({ field: 'events', message: `must name at least one of ${WEBHOOK_EVENT_KINDS.join(', ')}` });
  const seen = new Set<string>();
  events.forEach((kind, index) => {
    if (!(WEBHOOK_EVENT_KINDS as readonly string[]).includes(kind)) {
      problems.push({ field: `events/${index}`, message: `"${kind}" is not an event kind; use one of ${WEBHOOK_EVENT_KINDS.join(', ')}` });
    } else if (seen.has(kind)) {
      problems.push({ field: `events/${index}`, message: `"${kind}" is listed twice` });
    }
    seen.add(kind);
  });
  if (problems.length > 0) throw new Invalid(problems);
  return events as WebhookEventKind[];
}

export function decideWebhookEndpoints(command: WebhookCommand, state: WebhookEndpointsState): WebhookEvent[] {
  const { projectId, endpointId, now } = command;
  const ref = { projectId, endpointId, at: now };
  if (command.type === 'CreateEndpoint') {
    const events = checkEventKinds(command.events);
    if (state.endpoints.has(endpointId)) return [];
    if (state.endpoints.size >= MAX_WEBHOOK_ENDPOINTS) {
      throw new Conflict(`The project has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints already, the most it may have; delete one first.`);
    }
    return [{ type: 'WebhookEndpointCreated', data: { ...ref, url: command.url, events, secretCiphertext: command.secretCiphertext } }];
  }
  const endpoint = state.endpoints.get(endpointId);
  if (!endpoint) throw new NotFound('The webhook endpoint');
  if (command.type === 'DeleteEndpoint') return [{ type: 'WebhookEndpointDeleted', data: ref }];
  if (command.type === 'AutoDisableEndpoint') {
    return endpoint.active ? [{ type: 'WebhookEndpointAutoDisabled', data: { ...ref, failingSince: command.failingSince } }] : [];
  }
  if (command.active) {
    // Resuming (from paused or auto-disabled) clears the failure streak and its clock; for an endpoint
    // that is active already it is no transition (spec 3.4) and changes nothing.
    return endpoint.active ? [] : [{ type: 'WebhookEndpointResumed', data: ref }];
  }
  return endpoint.active ? [{ type: 'WebhookEndpointPaused', data: ref }] : [];
}
