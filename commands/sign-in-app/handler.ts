import { hashAppSecret, newAppSecret } from '../../src/auth/app-secrets.js';
import { appSessionDecider } from '../../src/domain/app-session/decider.js';
import { appSessionStream } from '../../src/domain/app-session/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

export const APP_SESSION_TTL_MS = 30 * 86_400_000;

/**
 * Uses a sign-in link: the link's stream accepts one `AppSessionStarted`, so two concurrent uses
 * cannot both sign in (the second append fails its expected revision and is decided again). Returns
 * the session cookie's secret, which is recorded only as its hash.
 */
export async function signInWithLink(
  services: Pick<CoreServices, 'store' | 'clock' | 'engine'>,
  { sessionId, token }: { sessionId: string; token: string },
  context: CommandContext,
): Promise<{ sessionSecret: string; expiresAt: string }> {
  const sessionSecret = newAppSecret();
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + APP_SESSION_TTL_MS).toISOString();
  const result = await handleCommand(
    services.store,
    appSessionStream(sessionId),
    appSessionDecider,
    { type: 'SignIn', linkHash: hashAppSecret(token), sessionHash: hashAppSecret(sessionSecret), now: now.toISOString(), expiresAt },
    { context },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  return { sessionSecret, expiresAt };
}
