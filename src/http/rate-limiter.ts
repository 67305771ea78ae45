import type { Clock } from '../support/clock.js';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(bucket: string, limit: number): Promise<RateLimitDecision>;
  /** The bucket's state without counting a request: `allowed` is false once it is used up. */
  peek(bucket: string, limit: number): Promise<RateLimitDecision>;
}

/**
 * Fixed one-minute windows aligned to the clock's minutes, counted in process. One API node
 * needs nothing more; several nodes share counters through a store (see ops/README.md).
 */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { windowStart: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  async peek(bucket: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % 60_000);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
    const window = this.windows.get(bucket);
    const count = window && window.windowStart === windowStart ? window.count : 0;
    return { allowed: count < limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
  }

  async hit(bucket: string, limit: number): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const windowStart = now - (now % 60_000);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
    let window = this.windows.get(bucket);
    if (!window || window.windowStart !== windowStart) {
      if (this.windows.size > 100_000) this.evictBefore(windowStart);
      window = { windowStart, count: 0 };
      this.windows.set(bucket, window);
    }
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
  }

  private evictBefore(windowStart: number): void {
    for (const [bucket, window] of this.windows) if (window.windowStart < windowStart) this.windows.delete(bucket);
  }
}
