import { appSessionDecider } from '../../src/domain/app-session/decider.js';
import { appSessionStream } from '../../src/domain/app-session/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

/** Ends a workspace session (or an unused link) at once: its cookie no longer signs anyone in. */
export async function revokeAppSession(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  sessionId: string,
  context: CommandContext,
): Promise<{ changed: boolean }> {
  const result = await handleCommand(
    services.store,
    appSessionStream(sessionId),
    appSessionDecider,
    { type: 'Revoke', now: services.clock.now().toISOString() },
    { context },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  return { changed: result.appended !== null };
}
