import { systemContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { claimPendingWork } from '../../work/pending-work.js';
import { runUserErasure, type UserErasureRunOptions } from './run.js';

/**
 * Runs pending user erasures: claims one with SKIP LOCKED under a lease renewed while it runs (a user
 * with 10,000 items takes minutes; a worker killed mid-way delays it by one lease), runs it from the
 * step it reached, and on failure tries again after a growing delay. An erasure is owed, so it is
 * never given up.
 */
export function runPendingUserErasures(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  options: UserErasureRunOptions = {},
): Promise<number> {
  return claimPendingWork<{ request_id: string; attempts: number }>({
    services,
    work: { table: 'pending_user_erasures', key: 'request_id', orderBy: 'requested_at', limit: 1 },
    renewWhileRunning: true,
    logFields: (row) => ({ requestId: row.request_id }),
    failureMessage: 'user erasure step failed; will retry',
    run: (row) => {
      let deleted = 0;
      // Progress of a long erasure, by request id and counts only (the user is never named in a log).
      const onItemsDeleted = (count: number) => {
        deleted += count;
        services.logger.info({ requestId: row.request_id, deleted: count, deletedSoFar: deleted }, 'user erasure deleted a round of items');
        options.onItemsDeleted?.(count);
      };
      return runUserErasure(services, row.request_id, systemContext('user-erasure', `user-erasure-${row.request_id}`), { ...options, onItemsDeleted });
    },
  });
}
