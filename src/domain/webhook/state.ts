import type { WebhookDisabledReason, WebhookEvent, WebhookEventKind } from './events.js';

export interface WebhookEndpointState {
  url: string;
  events: WebhookEventKind[];
  active: boolean;
  disabledReason: WebhookDisabledReason | null;
  createdAt: string;
}

/** The live (not deleted) endpoints of one project, by id. */
export interface WebhookEndpointsState {
  endpoints: Map<string, WebhookEndpointState>;
}

export const initialWebhookEndpointsState = (): WebhookEndpointsState => ({ endpoints: new Map() });

function withEndpoint(state: WebhookEndpointsState, id: string, change: Partial<WebhookEndpointState>): WebhookEndpointsState {
  const current = state.endpoints.get(id);
  if (!current) return state;
  const endpoints = new Map(state.endpoints);
  endpoints.set(id, { ...current, ...change });
  return { endpoints };
}

export function evolveWebhookEndpoints(state: WebhookEndpointsState, event: WebhookEvent): WebhookEndpointsState {
  const id = event.data.endpointId;
  switch (event.type) {
    case 'WebhookEndpointCreated': {
      const endpoints = new Map(state.endpoints);
      endpoints.set(id, { url: event.data.url, events: event.data.events, active: true, disabledReason: null, createdAt: event.data.at });
      return { endpoints };
    }
    case 'WebhookEndpointPaused':
      return withEndpoint(state, id, { active: false, disabledReason: 'paused' });
    case 'WebhookEndpointAutoDisabled':
      return withEndpoint(state, id, { active: false, disabledReason: 'failing' });
    case 'WebhookEndpointResumed':
      return withEndpoint(state, id, { active: true, disabledReason: null });
    case 'WebhookEndpointDeleted': {
      const endpoints = new Map(state.endpoints);
      endpoints.delete(id);
      return { endpoints };
    }
  }
}
