import type Koa from 'koa';
import { SEARCH_PER_MINUTE } from '../../queries/search/route.js';
import { AppError } from '../http/app-error.js';
import type { RateLimiter } from '../http/rate-limiter.js';
import type { AppSession } from './session.js';

/**
 * Counts a search by meaning (each embeds the query) against the session's per-minute limit, the
 * same number and headers as `GET /api/v1/search` per key (spec 8); over it, a 429 with Retry-After.
 */
export async function meterSearch(ctx: Koa.Context, limiter: RateLimiter, session: AppSession): Promise<void> {
  const decision = await limiter.hit(`app-session:${session.sessionId}:search`, SEARCH_PER_MINUTE);
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(decision.resetSeconds));
  if (decision.allowed) return;
  ctx.set('Retry-After', String(decision.resetSeconds));
  throw new AppError(
    429,
    'rate-limited',
    'Rate limited',
    `More than ${decision.limit} searches a minute from this session; search again in ${decision.resetSeconds} s (the list and its filters still work).`,
  );
}
