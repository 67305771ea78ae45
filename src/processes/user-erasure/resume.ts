import { systemContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { LEASE_RENEW_EVERY_MS, startLeaseRenewal, WORK_LEASE_SECONDS } from '../../work/lease-renewal.js';
import { retryDelaySeconds } from '../../work/retry-delay.js';
import { runUserErasure, type UserErasureRunOptions } from './run.js';

/**
 * Runs pending user erasures: claims one with SKIP LOCKED under a lease renewed while it runs (a user
 * with 10,000 items takes minutes; a worker killed mid-way delays it by one lease), runs it from the
 * step it reached, and on failure tries again after a growing delay. An erasure is owed, so it is
 * never given up.
 */
export async function runPendingUserErasures(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  options: UserErasureRunOptions = {},
): Promise<number> {
  const now = services.clock.now().toISOString();
  const claimed = await services.db.query<{ request_id: string; attempts: number }>(
    `UPDATE pending_user_erasures SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
      WHERE request_id IN (
        SELECT request_id FROM pending_user_erasures WHERE claimed_until <= $1 ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING request_id, attempts`,
    [now, WORK_LEASE_SECONDS],
  );
  for (const row of claimed.rows) {
    const renewal = startLeaseRenewal(
      async () => {
        const renewed = await services.db.query(
          `UPDATE pending_user_erasures SET claimed_until = $2::timestamptz + make_interval(secs => $3) WHERE request_id = $1`,
          [row.request_id, services.clock.now().toISOString(), WORK_LEASE_SECONDS],
        );
        return renewed.rowCount === 1 ? 'renewed' : 'gone';
      },
      { everyMs: LEASE_RENEW_EVERY_MS, logger: services.logger, context: { requestId: row.request_id } },
    );
    try {
      let deleted = 0;
      // Progress of a long erasure, by request id and counts only (the user is never named in a log).
      const onItemsDeleted = (count: number) => {
        deleted += count;
        services.logger.info({ requestId: row.request_id, deleted: count, deletedSoFar: deleted }, 'user erasure deleted a round of items');
        options.onItemsDeleted?.(count);
      };
      await runUserErasure(services, row.request_id, systemContext('user-erasure', `user-erasure-${row.request_id}`), { ...options, onItemsDeleted });
    } catch (error) {
      const lastError = describeFailure(error);
      services.logger.warn({ requestId: row.request_id, attempts: row.attempts, lastError }, 'user erasure step failed; will retry');
      await services.db.query(
        `UPDATE pending_user_erasures SET last_error = $2, claimed_until = $3::timestamptz + make_interval(secs => $4) WHERE request_id = $1`,
        [row.request_id, lastError, services.clock.now().toISOString(), retryDelaySeconds(row.attempts)],
      );
    } finally {
      await renewal.stop();
    }
  }
  return claimed.rowCount ?? 0;
}
