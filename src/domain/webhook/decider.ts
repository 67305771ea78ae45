import type { Decider } from '../decider.js';
import { decideWebhookEndpoints, type WebhookCommand } from './decide.js';
import type { WebhookEvent } from './events.js';
import { evolveWebhookEndpoints, initialWebhookEndpointsState, type WebhookEndpointsState } from './state.js';

export const webhookEndpointsDecider: Decider<WebhookEndpointsState, WebhookCommand, WebhookEvent> = {
  initialState: initialWebhookEndpointsState,
  evolve: evolveWebhookEndpoints,
  decide: decideWebhookEndpoints,
};
