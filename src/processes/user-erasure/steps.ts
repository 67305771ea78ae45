import { userDecider } from '../../domain/user/decider.js';
import { userStreamIncarnation } from '../../domain/user/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { handleOnLiveIncarnation } from '../../eventstore/incarnations.js';
import type { CoreServices } from '../../services.js';
import { eraseDeletedStream } from '../../work/erase-stream.js';
import { UserErasureNotDueError } from './erase-feedback.js';
import type { UserErasureSubject } from './workflow.js';

export type UserErasureServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine'>;

/** `UserErased` in the live incarnation of the user's stream (the read models drop them), then that stream leaves the log. */
async function eraseUserStream(services: UserErasureServices, projectId: string, userId: string, requestId: string, context: CommandContext): Promise<void> {
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
 * The emails of the user that may have been shadow users merged into them: their aliases (a merge,
 * automatic or confirmed, leaves the email as an alias) that are no user of their own now (a shadow
 * user still apart, or a user whose userId is the email, is someone else's profile).
 */
async function mergedShadowEmails(services: UserErasureServices, { projectId, userId }: UserErasureSubject): Promise<string[]> {
  const found = await services.db.query<{ email: string }>(
    `SELECT a.email FROM user_aliases a
      WHERE a.project_id = $1 AND a.user_id = $2 AND a.email <> $2
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.project_id = a.project_id AND u.user_id = a.email)
      ORDER BY a.email`,
    [projectId, userId],
  );
  return found.rows.map((row) => row.email);
}

/**
 * A shadow user's band changes live on the stream of its email (its userId then), which a merge
 * leaves behind: each merged email's stream is erased, with the Slack alerts naming it, before the
 * user's own `UserErased` drops the aliases that find them (so a resumed erasure finds them again).
 * An email that never had a stream gets one holding only its `UserErased`, erased at once.
 * Then the user's own stream.
 */
export async function eraseProfile(services: UserErasureServices, subject: UserErasureSubject, context: CommandContext): Promise<void> {
  const { projectId, userId, requestId } = subject;
  for (const email of await mergedShadowEmails(services, subject)) {
    await eraseUserStream(services, projectId, email, requestId, context);
    await scrubDeliveries(services, { ...subject, userId: email });
  }
  await eraseUserStream(services, projectId, userId, requestId, context);
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
