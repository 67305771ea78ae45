import { hashAppSecret, newAppSecret } from '../../src/auth/app-secrets.js';
import { appSessionDecider } from '../../src/domain/app-session/decider.js';
import { appSessionStream, type AppRole } from '../../src/domain/app-session/events.js';
import { projectDecider } from '../../src/domain/project/decider.js';
import { projectStream } from '../../src/domain/project/events.js';
import { NotFound } from '../../src/domain/errors.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { foldStream, handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';

export interface IssueAppLinkInput {
  projectId: string;
  role: AppRole;
  /** How long the link signs in; the session it starts lasts 30 days from then. */
  ttlMs: number;
}

/** A one-time sign-in link to the workspace: the token is returned once, only its hash is recorded. */
export async function issueAppLink(
  services: Pick<CoreServices, 'store' | 'clock' | 'ids' | 'engine'>,
  input: IssueAppLinkInput,
  context: CommandContext,
): Promise<{ sessionId: string; token: string; expiresAt: string }> {
  const project = foldStream(projectDecider, await services.store.readStream(projectStream(input.projectId)));
  if (!project.exists) throw new NotFound('The project');
  const token = newAppSecret();
  const sessionId = services.ids.next('ses');
  const now = services.clock.now();
  const linkExpiresAt = new Date(now.getTime() + input.ttlMs).toISOString();
  const result = await handleCommand(
    services.store,
    appSessionStream(sessionId),
    appSessionDecider,
    { type: 'IssueLink', sessionId, projectId: input.projectId, role: input.role, linkHash: hashAppSecret(token), now: now.toISOString(), linkExpiresAt },
    { context, expectNewStream: true },
  );
  if (result.appended) await services.engine.waitFor(result.appended.position);
  return { sessionId, token, expiresAt: linkExpiresAt };
}
