import type { CoreServices } from '../services.js';
import { eraseDeletedStream } from './erase-stream.js';
import { describeFailure } from '../support/describe-error.js';
import { MAX_ATTEMPTS } from './job-failure.js';
import { retryDelaySeconds } from './retry-delay.js';

/**
 * Finishes erasures that a crash interrupted between the deletion event and the log erasure. Every
 * step is idempotent, so workers need no lease here. A failing erasure waits with a growing delay
 * and never blocks the others. It is never given up (an erasure is owed), but at the last attempt
 * of the other queues it is reported at error level, once; `last_error` tells the operator why.
 */
export async function eraseLeftoverStreams(services: Pick<CoreServices, 'db' | 'store' | 'engine' | 'clock' | 'logger'>): Promise<number> {
  const now = services.clock.now().toISOString();
  const jobs = await services.db.query<{ stream: string; attempts: number }>(
    `SELECT stream, attempts FROM erasure_jobs WHERE available_at <= $1 ORDER BY prepare_position LIMIT 50`,
    [now],
  );
  let erased = 0;
  for (const job of jobs.rows) {
    try {
      if (await eraseDeletedStream(services, job.stream)) erased++;
    } catch (error) {
      const attempts = job.attempts + 1;
      const lastError = describeFailure(error);
      if (attempts === MAX_ATTEMPTS) services.logger.error({ stream: job.stream, attempts, lastError }, 'erasure keeps failing; retrying every few minutes');
      else services.logger.warn({ lastError, stream: job.stream, attempts }, 'erasure failed; will retry');
      await services.db.query(
        `UPDATE erasure_jobs SET attempts = $2, last_error = $3, available_at = $4::timestamptz + make_interval(secs => $5) WHERE stream = $1`,
        [job.stream, attempts, lastError, now, retryDelaySeconds(attempts)],
      );
    }
  }
  return erased;
}
