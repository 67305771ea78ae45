import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { Clock } from '../support/clock.js';
import { describeFailure } from '../support/describe-error.js';
import { LEASE_RENEW_EVERY_MS, startLeaseRenewal, WORK_LEASE_SECONDS } from './lease-renewal.js';
import { retryDelaySeconds } from './retry-delay.js';

/**
 * A table of owed work kept by a reactor (`pending_identity_merges`, `pending_user_erasures`,
 * `pending_feedback_deletions`): one row per job, keyed by `key`, with `claimed_until` (the lease,
 * or the time before which the job is not due), `attempts` and `last_error`.
 */
export interface PendingWorkTable {
  table: string;
  key: string;
  /** Which due jobs go first. */
  orderBy: string;
  /** How many jobs one call claims. */
  limit: number;
  /** A further condition on the jobs this caller may claim (SQL over the table's columns). */
  where?: string;
  /** Further columns the job needs besides its key and attempts. */
  columns?: readonly string[];
}

export interface ClaimPendingWorkOptions<Row> {
  services: { db: Queryable; clock: Clock; logger: Logger };
  work: PendingWorkTable;
  /** Renew the lease while a job runs (jobs that may outlast it). */
  renewWhileRunning?: boolean;
  /** Log fields naming a job (ids only: never personal data). */
  logFields: (row: Row) => Record<string, unknown>;
  /** The warning logged when a job fails, e.g. "user erasure step failed; will retry". */
  failureMessage: string;
  run: (row: Row) => Promise<void>;
}

/**
 * Claims the due jobs of a pending-work table with SKIP LOCKED for one lease, runs each in order, and on
 * failure records the error and makes the job due again after a growing delay (owed work is never
 * given up). Returns how many jobs were claimed.
 */
export async function claimPendingWork<Row extends { attempts: number }>(options: ClaimPendingWorkOptions<Row>): Promise<number> {
  const { services, work } = options;
  const { table, key } = work;
  const condition = work.where ? ` AND (${work.where})` : '';
  const claimed = await services.db.query<Row & Record<string, unknown>>(
    `WITH claimed AS (
       UPDATE ${table} SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
        WHERE ${key} IN (
          SELECT ${key} FROM ${table} WHERE claimed_until <= $1${condition} ORDER BY ${work.orderBy} LIMIT ${work.limit} FOR UPDATE SKIP LOCKED)
        RETURNING *)
     SELECT ${[key, ...(work.columns ?? []), 'attempts'].join(', ')} FROM claimed ORDER BY ${work.orderBy}`,
    [services.clock.now().toISOString(), WORK_LEASE_SECONDS],
  );
  // Extends the claim `seconds` from now; with `lastError`, the job failed and waits that long to be tried again.
  const leaseUntil = (id: unknown, seconds: number, lastError?: string) =>
    services.db.query(
      `UPDATE ${table} SET claimed_until = $2::timestamptz + make_interval(secs => $3), last_error = coalesce($4, last_error) WHERE ${key} = $1`,
      [id, services.clock.now().toISOString(), seconds, lastError ?? null],
    );
  for (const row of claimed.rows) {
    const renewal = options.renewWhileRunning
      ? startLeaseRenewal(async () => ((await leaseUntil(row[key], WORK_LEASE_SECONDS)).rowCount === 1 ? 'renewed' : 'gone'), {
          everyMs: LEASE_RENEW_EVERY_MS,
          logger: services.logger,
          context: options.logFields(row),
        })
      : undefined;
    let failure: { error: unknown } | undefined;
    try {
      await options.run(row);
    } catch (error) {
      failure = { error };
    } finally {
      // Stopped before the retry time is written, so that no renewal in flight overwrites it.
      await renewal?.stop();
    }
    if (failure) {
      const lastError = describeFailure(failure.error);
      services.logger.warn({ ...options.logFields(row), attempts: row.attempts, lastError }, options.failureMessage);
      await leaseUntil(row[key], retryDelaySeconds(row.attempts), lastError);
    }
  }
  return claimed.rowCount ?? 0;
}
