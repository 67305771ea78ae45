import { randomUUID } from 'node:crypto';
import { NotFound } from '../../src/domain/errors.js';
import { userErasureDecider } from '../../src/domain/user-erasure/decider.js';
import { userErasureStream } from '../../src/domain/user-erasure/events.js';
import type { CommandContext } from '../../src/eventstore/command-context.js';
import { handleCommand } from '../../src/eventstore/command-handler.js';
import type { CoreServices } from '../../src/services.js';
import { resolveErasableUserId } from '../../projections/users/resolve-user.js';

export interface EraseUserInput {
  projectId: string;
  userId: string;
}

/**
 * Spec 4.7: records the erasure request (`UserErasureRequested`) and answers at once; a worker runs
 * the erasure process (`src/processes/user-erasure`). A user the project has never seen is 404.
 * Waits until the read models show the request, so its status reads `pending` right after.
 */
export async function requestUserErasure(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>,
  { projectId, userId: userIdOrEmail }: EraseUserInput,
  context: CommandContext,
): Promise<{ requestId: string }> {
  // By userId or email (spec 4.7): the email of a merged profile erases the whole profile; a user
  // whose items are all gone is still erasable while their health history is in the log.
  const userId = await resolveErasableUserId(services.db, projectId, userIdOrEmail);
  if (userId === undefined) throw new NotFound('The user');
  const requestId = `del_${randomUUID().replace(/-/g, '')}`;
  const handled = await handleCommand(
    services.store,
    userErasureStream(requestId),
    userErasureDecider,
    { type: 'RequestUserErasure', requestId, projectId, userId, at: services.clock.now().toISOString() },
    { context, expectNewStream: true },
  );
  await services.engine.waitFor(handled.appended!.position);
  return { requestId };
}
