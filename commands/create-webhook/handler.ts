import { webhookEndpointsDecider } from '../../src/domain/webhook/decider.js';
import { webhookEndpointsStream } from '../../src/domain/webhook/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';
import { encryptSecret, newSigningSecret, webhookSecretKey } from '../../src/webhooks/secret-box.js';

export interface CreateWebhookInput {
  projectId: string;
  /** Checked by the route (`checkWebhookUrl`). */
  url: string;
  events: string[];
}

/** Enough concurrent creates to fill the cap all retry on the fresh stream instead of failing. */
const APPEND_ATTEMPTS = 50;

/**
 * Adds an endpoint to the project's endpoint stream, appended with its expected revision, so the
 * 10-endpoint cap holds under concurrent creates. Returns its id and the plain signing secret (the
 * log holds only its AES-256-GCM ciphertext). Throws `WebhooksNotConfigured` without a key.
 */
export async function createWebhook(
  services: Pick<CoreServices, 'config' | 'store' | 'clock' | 'ids' | 'engine'>,
  { projectId, url, events }: CreateWebhookInput,
  context: CommandContext,
): Promise<{ endpointId: string; secret: string; createdAt: string }> {
  const key = webhookSecretKey(services.config);
  const secret = newSigningSecret();
  const endpointId = services.ids.next('whe');
  const createdAt = services.clock.now().toISOString();
  const handled = await handleCommand(
    services.store,
    webhookEndpointsStream(projectId),
    webhookEndpointsDecider,
    { type: 'CreateEndpoint', projectId, endpointId, url, events, secretCiphertext: encryptSecret(key, secret), now: createdAt },
    { context, attempts: APPEND_ATTEMPTS },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
  return { endpointId, secret, createdAt };
}
