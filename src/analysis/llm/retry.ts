import type { Logger } from 'pino';
import { classifyLlmError, httpStatus, InvalidModelOutputError, isRetryableReason, LlmCallError, retryAfterMs } from './llm-error.js';

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryPolicy {
  maxAttempts: number;
  initialBackoffMs: number;
  /** Upper bound of a single wait, Retry-After included. */
  maxBackoffMs?: number;
  sleep?: Sleep;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  logger?: Pick<Logger, 'warn'>;
}

/** Collaborators injected into the LLM analyzer and labeler; tests pass a no-wait `sleep`. */
export interface RetryDeps {
  sleep?: Sleep;
  random?: () => number;
  logger?: Pick<Logger, 'warn'>;
}

export function retryPolicyFor(config: { maxAttempts: number; initialBackoffMs: number }, deps: RetryDeps): RetryPolicy {
  return { maxAttempts: config.maxAttempts, initialBackoffMs: config.initialBackoffMs, ...deps };
}

const DEFAULT_MAX_BACKOFF_MS = 30_000;

/**
 * Delay before attempt `attempt + 1`: exponential (initial × 2^(attempt-1)) with "equal jitter", i.e. uniformly
 * in [half, full] of the exponential step, so concurrent workers hitting a 429 do not retry in lockstep.
 */
export function backoffDelayMs(attempt: number, initialBackoffMs: number, random: () => number, maxBackoffMs = DEFAULT_MAX_BACKOFF_MS): number {
  const step = Math.min(maxBackoffMs, initialBackoffMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

/**
 * Runs `call` until it succeeds, fails with a non-retryable error, or `maxAttempts` is reached.
 * Retryable: 429, 5xx, 408, timeouts, connection errors, and invalid model output. Any other 4xx fails at once.
 * Always rejects with an `LlmCallError`.
 */
export async function withRetry<T>(operation: 'chat' | 'embedding', policy: RetryPolicy, call: (attempt: number) => Promise<T>): Promise<T> {
  const sleep = policy.sleep ?? realSleep;
  const random = policy.random ?? Math.random;
  const maxBackoffMs = policy.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      const reason = classifyLlmError(error);
      const status = httpStatus(error);
      // Names the defect of an unusable answer (never its content), so the log says what was wrong.
      const problem = error instanceof InvalidModelOutputError ? error.problem : undefined;
      if (!isRetryableReason(reason) || attempt >= policy.maxAttempts) {
        throw new LlmCallError(operation, reason, attempt, status, problem);
      }
      const hinted = retryAfterMs(error);
      const delayMs = Math.min(maxBackoffMs, Math.max(backoffDelayMs(attempt, policy.initialBackoffMs, random, maxBackoffMs), hinted ?? 0));
      policy.logger?.warn({ operation, attempt, reason, status, delayMs, ...(problem ? { problem } : {}) }, 'llm call failed, retrying');
      await sleep(delayMs);
    }
  }
}
