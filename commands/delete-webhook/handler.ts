import { webhookEndpointsDecider } from '../../src/domain/webhook/decider.js';
import { webhookEndpointsStream } from '../../src/domain/webhook/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

/** Removes an endpoint and its pending deliveries; `NotFound` when it is not in the project (never was, or already deleted). */
export async function deleteWebhook(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  { projectId, endpointId }: { projectId: string; endpointId: string },
  context: CommandContext,
): Promise<void> {
  const handled = await handleCommand(
    services.store,
    webhookEndpointsStream(projectId),
    webhookEndpointsDecider,
    { type: 'DeleteEndpoint', projectId, endpointId, now: services.clock.now().toISOString() },
    { context, attempts: 50 },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
