import { userDecider } from '../../domain/user/decider.js';
import { userStreamIncarnation } from '../../domain/user/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { handleOnLiveIncarnation } from '../../eventstore/incarnations.js';
import type { CoreServices } from '../../services.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';
import { UserErasureNotDueError } from './erase-feedback.js';
import type { UserErasureSubject } from './workflow.js';

export type UserErasureServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

/** `UserErased` drops the profile from the read models; then the user's stream leaves the log. */
export async function eraseProfile(services: UserErasureServices, subject: UserErasureSubject, context: CommandContext): Promise<void> {
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
 * leave the outbox, delivered or not, so the outbox keeps no trace of them; so do their Slack alerts.
 */
export async function scrubDeliveries(services: UserErasureServices, subject: UserErasureSubject): Promise<void> {
  await services.db.query(`DELETE FROM webhook_deliveries WHERE project_id = $1 AND kind = 'user.health_changed' AND data->>'userId' = $2`, [
    subject.projectId,
    subject.userId,
  ]);
  await services.db.query(`DELETE FROM slack_alerts WHERE project_id = $1 AND kind = 'user.health_changed' AND data->>'userId' = $2`, [
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
