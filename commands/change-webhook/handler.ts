import { webhookEndpointsDecider } from '../../src/domain/webhook/decider.js';
import { webhookEndpointsStream } from '../../src/domain/webhook/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

/**
 * Pauses (`active=false`: deliveries stop, endpoint and secret kept) or resumes (`active=true`: the
 * failure streak and its clock are cleared) an endpoint. `NotFound` when it is not in the project.
 */
export async function changeWebhookActive(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  { projectId, endpointId, active }: { projectId: string; endpointId: string; active: boolean },
  context: CommandContext,
): Promise<void> {
  const handled = await handleCommand(
    services.store,
    webhookEndpointsStream(projectId),
    webhookEndpointsDecider,
    { type: 'SetEndpointActive', projectId, endpointId, active, now: services.clock.now().toISOString() },
    { context, attempts: 50 },
  );
  if (handled.appended) await services.engine.waitFor(handled.appended.position);
}
