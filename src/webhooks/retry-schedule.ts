/** Attempts per delivery: the first and 5 retries (spec 6, 8). */
export const DELIVERY_ATTEMPTS = 6;

/** Base delay before retry n (1-based): 30 s, 2 min, 10 min, 1 h, 6 h. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 21_600];

/** An endpoint failing continuously for this long is disabled (spec 3.4). */
export const AUTO_DISABLE_AFTER_MS = 15 * 60_000;

/**
 * Seconds to wait after failed attempt `attempts` (1-based): the base delay plus up to 20 % random
 * jitter, so many failing deliveries do not retry in lock step.
 */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_SECONDS[Math.min(attempts, RETRY_DELAYS_SECONDS.length) - 1];
  return Math.round(base * (1 + 0.2 * random()));
}
