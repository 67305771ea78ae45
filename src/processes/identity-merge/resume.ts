import { systemContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { WORK_LEASE_SECONDS } from '../../work/lease-renewal.js';
import { retryDelaySeconds } from '../../work/retry-delay.js';
import { runIdentityMerge, type IdentityMergeRunOptions } from './run.js';

/**
 * Resumes confirmed merges that no command finished (it crashed, or a step failed): claims them
 * with SKIP LOCKED for one lease, runs each from the step it reached, and on failure tries again
 * after a growing delay.
 */
export async function resumeIdentityMerges(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  options: IdentityMergeRunOptions = {},
): Promise<number> {
  const now = services.clock.now().toISOString();
  const claimed = await services.db.query<{ suggestion_id: string; attempts: number }>(
    `UPDATE pending_identity_merges SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
      WHERE suggestion_id IN (
        SELECT suggestion_id FROM pending_identity_merges WHERE claimed_until <= $1 ORDER BY confirmed_at LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING suggestion_id, attempts`,
    [now, WORK_LEASE_SECONDS],
  );
  for (const row of claimed.rows) {
    try {
      await runIdentityMerge(services, row.suggestion_id, systemContext('identity-merge', `identity-merge-${row.suggestion_id}`), options);
    } catch (error) {
      const lastError = describeFailure(error);
      services.logger.warn({ suggestionId: row.suggestion_id, attempts: row.attempts, lastError }, 'identity merge step failed; will retry');
      await services.db.query(
        `UPDATE pending_identity_merges SET last_error = $2, claimed_until = $3::timestamptz + make_interval(secs => $4) WHERE suggestion_id = $1`,
        [row.suggestion_id, lastError, now, retryDelaySeconds(row.attempts)],
      );
    }
  }
  return claimed.rowCount ?? 0;
}
