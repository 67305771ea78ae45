import type { Logger } from '../logger.js';

export { LEASE_RENEW_EVERY_MS, WORK_LEASE_SECONDS } from '../support/work-lease.js';

export interface LeaseRenewalOptions {
  everyMs: number;
  logger: Logger;
  /** Log fields naming the work (ids only). */
  context: Record<string, unknown>;
}

export interface LeaseRenewal {
  /** True once a renewal found the lease taken over (it had expired and another worker claimed the work). */
  readonly lost: boolean;
  /** Stops renewing; waits for a renewal in flight, so the holder's token is final afterwards. */
  stop(): Promise<void>;
}

/** `gone`: the work row no longer exists (finished or deleted meanwhile): nothing left to hold. */
export type RenewalOutcome = 'renewed' | 'lost' | 'gone';

/**
 * Calls `renew` (a conditional UPDATE: `lost` when the lease is no longer ours) every `everyMs`
 * until stopped, lost or gone. A failed renewal is retried at the next tick: the lease only runs
 * out if renewals keep failing for the whole lease.
 */
export function startLeaseRenewal(renew: () => Promise<RenewalOutcome>, { everyMs, logger, context }: LeaseRenewalOptions): LeaseRenewal {
  let stopped = false;
  let lost = false;
  let inFlight: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let gone = false;
  const tick = async () => {
    try {
      const outcome = await renew();
      gone = outcome === 'gone';
      if (outcome === 'lost') {
        lost = true;
        logger.warn(context, 'lease lost: the work may be taken over by another worker');
      }
    } catch (error) {
      logger.warn({ ...context, err: error }, 'lease renewal failed; will try again');
    }
    if (!stopped && !lost && !gone) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => (inFlight = tick()), everyMs);
  };
  schedule();
  return {
    get lost() {
      return lost;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}

/** Runs `work` while renewing its lease; renewal stops (and settles) before this returns or throws. */
export async function withLeaseRenewal<T>(
  renew: () => Promise<RenewalOutcome>,
  options: LeaseRenewalOptions,
  work: (lease: LeaseRenewal) => Promise<T>,
): Promise<T> {
  const lease = startLeaseRenewal(renew, options);
  try {
    return await work(lease);
  } finally {
    await lease.stop();
  }
}
