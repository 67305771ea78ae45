import { deleteFeedback } from '../../../commands/delete-feedback/handler.js';
import { userDecider } from '../../domain/user/decider.js';
import { userStreamIncarnation } from '../../domain/user/events.js';
import { NotFound } from '../../domain/errors.js';
import type { UserErasureStep } from '../../domain/user-erasure/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { handleOnLiveIncarnation } from '../../eventstore/incarnations.js';
import type { CoreServices } from '../../services.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';

export type UserErasureServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

/** Whom the erasure is for, as its request recorded. */
export interface UserErasureSubject {
  requestId: string;
  projectId: string;
  userId: string;
}

export class UserErasureNotDueError extends Error {}

const BATCH = 200;
const PARALLEL_DELETIONS = 8;

/** Every item of the user goes through the feedback deletion (text, theme label, log), batch by batch until none is left. */
async function eraseFeedback(services: UserErasureServices, subject: UserErasureSubject, context: CommandContext): Promise<void> {
  for (;;) {
    const items = await services.db.query<{ feedback_id: string }>(
      `SELECT feedback_id FROM user_feedback WHERE project_id = $1 AND user_id = $2
       UNION SELECT feedback_id FROM feedback_items WHERE project_id = $1 AND user_id = $2 LIMIT ${BATCH}`,
      [subject.projectId, subject.userId],
    );
    if (items.rows.length === 0) return;
    const queue = items.rows.map((row) => row.feedback_id);
    // A few at a time: each deletion mostly waits for the projections, so waits overlap.
    const worker = async () => {
      for (let feedbackId = queue.pop(); feedbackId !== undefined; feedbackId = queue.pop()) await deleteItem(services, subject.projectId, feedbackId, context);
    };
    await Promise.all(Array.from({ length: PARALLEL_DELETIONS }, worker));
  }
}

async function deleteItem(services: UserErasureServices, projectId: string, feedbackId: string, context: CommandContext): Promise<void> {
  try {
    await deleteFeedback(services, { projectId, feedbackId }, context);
  } catch (error) {
    // Deleted meanwhile (by its own DELETE, or by a run this one resumes): nothing left to do for it.
    if (!(error instanceof NotFound)) throw error;
  }
}

/** `UserErased` drops the profile from the read models; then the user's stream leaves the log. */
async function eraseProfile(services: UserErasureServices, subject: UserErasureSubject, context: CommandContext): Promise<void> {
  const { projectId, userId, requestId } = subject;
  const handled = await handleOnLiveIncarnation(
    services.store,
    (incarnation) => userStreamIncarnation(projectId, userId, incarnation),
    userDecider,
    { type: 'EraseUser', projectId, userId, requestId, at: services.clock.now().toISOString() },
    { context },
  );
  if (!(await services.engine.waitFor(handled.appended!.position))) throw new UserErasureNotDueError('the read models have not yet dropped the user');
  if (!(await eraseDeletedStream(services, handled.stream))) throw new UserErasureNotDueError('the user stream is not yet erasable');
}

/**
 * Webhook payloads still in the outbox that name the user (`cluster.resolved` lists a theme's
 * users; `user.health_changed` is about one): the id leaves the list and the user's own events
 * leave the outbox, delivered or not, so the outbox keeps no trace of them.
 */
async function scrubDeliveries(services: UserErasureServices, subject: UserErasureSubject): Promise<void> {
  await services.db.query(`DELETE FROM webhook_deliveries WHERE project_id = $1 AND kind = 'user.health_changed' AND data->>'userId' = $2`, [
    subject.projectId,
    subject.userId,
  ]);
  await services.db.query(
    `UPDATE webhook_deliveries
        SET data = jsonb_set(data, '{userIds}', (SELECT coalesce(jsonb_agg(u), '[]'::jsonb) FROM jsonb_array_elements(data->'userIds') u WHERE u <> to_jsonb($2::text)))
      WHERE project_id = $1 AND jsonb_typeof(data->'userIds') = 'array' AND data->'userIds' @> jsonb_build_array($2::text)`,
    [subject.projectId, subject.userId],
  );
}

/** Runs one step; each may run again after a crash, which every step allows. */
export async function performUserErasureStep(
  services: UserErasureServices,
  step: UserErasureStep,
  subject: UserErasureSubject,
  context: CommandContext,
): Promise<void> {
  switch (step) {
    case 'erase-feedback':
      return eraseFeedback(services, subject, context);
    case 'erase-profile':
      return eraseProfile(services, subject, context);
    case 'scrub-deliveries':
      return scrubDeliveries(services, subject);
  }
}
