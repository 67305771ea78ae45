import type Koa from 'koa';
import { hashApiKey } from '../auth/api-keys.js';
import { AppError } from './app-error.js';
import type { RateLimiter } from './rate-limiter.js';

/** Failed authentications (401) allowed per client address and minute before keys this node does not know are refused unread. */
export const FAILED_AUTH_LIMIT_PER_MINUTE = 60;

/** True when the key is one this node has already resolved (a valid key in its cache). */
export type KnownKeyCheck = (keyHash: string) => boolean;

const bearerKey = (authorization: string) => /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];

/**
 * Guards the key lookup against floods of made-up keys: every 401 counts against the client's
 * address (the socket's, which a client cannot forge through headers) in an in-process limiter, per
 * node; once an address has used up its failures for the minute, requests from it whose key this
 * node does not already know get a 429 without a database query. Keys the node knows keep working,
 * so a shared address (a proxy) only loses the lookup of new keys for the rest of the minute.
 */
export async function authenticateGuarded<T>(ctx: Koa.Context, limiter: RateLimiter, isKnownKey: KnownKeyCheck, authenticate: () => Promise<T>): Promise<T> {
  const bucket = `failed-auth:${ctx.req.socket.remoteAddress ?? 'unknown'}`;
  // The in-process count first, so the key is hashed here (besides in `authenticate`) only for an address over its limit.
  const state = await limiter.peek(bucket, FAILED_AUTH_LIMIT_PER_MINUTE);
  if (!state.allowed) {
    const key = bearerKey(ctx.get('Authorization'));
    if (!key || !isKnownKey(hashApiKey(key))) {
      ctx.set('Retry-After', String(state.resetSeconds));
      throw new AppError(
        429,
        'rate-limited',
        'Rate limited',
        `More than ${FAILED_AUTH_LIMIT_PER_MINUTE} requests with a missing, unknown or revoked key from this address in a minute; retry in ${state.resetSeconds} s.`,
      );
    }
  }
  try {
    return await authenticate();
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await limiter.hit(bucket, FAILED_AUTH_LIMIT_PER_MINUTE);
    throw error;
  }
}
