import { systemContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import { claimPendingWork } from '../../work/pending-work.js';
import { runIdentityMerge, type IdentityMergeRunOptions } from './run.js';

/**
 * Resumes confirmed merges that no command finished (it crashed, or a step failed): claims them
 * with SKIP LOCKED for one lease, runs each from the step it reached, and on failure tries again
 * after a growing delay.
 */
export function resumeIdentityMerges(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
  options: IdentityMergeRunOptions = {},
): Promise<number> {
  return claimPendingWork<{ suggestion_id: string; attempts: number }>({
    services,
    work: { table: 'pending_identity_merges', key: 'suggestion_id', orderBy: 'confirmed_at', limit: 20 },
    logFields: (row) => ({ suggestionId: row.suggestion_id }),
    failureMessage: 'identity merge step failed; will retry',
    run: (row) => runIdentityMerge(services, row.suggestion_id, systemContext('identity-merge', `identity-merge-${row.suggestion_id}`), options),
  });
}
