import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { AppError } from '../errors.js';

export interface SlowBodyLimits {
  /** Time from a request's start by which its whole body must have arrived. */
  timeoutMs: number;
  /** Bodies one client address may have arriving slowly at the same time. */
  perAddress: number;
}

/** A body still arriving this long after its request started is slow and counts against its address. */
const SLOW_AFTER_MS = 1000;

const deadlines = new WeakMap<IncomingMessage, AbortSignal>();

/** Aborted, with the problem to answer as its reason, once the request's body may no longer be read. */
export const bodyDeadlineOf = (req: IncomingMessage): AbortSignal | undefined => deadlines.get(req);

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const bodyTimedOut = (timeoutMs: number) =>
  new AppError(408, 'request-timeout', 'Request Timeout', `The request body did not arrive within ${timeoutMs / 1000} s of the request's start.`);

export const tooManySlowBodies = (perAddress: number, retryAfterSeconds: number) =>
  new AppError(
    429,
    'too-many-slow-requests',
    'Too many slow requests',
    `This client address already has ${perAddress} request bodies arriving slowly; retry in ${retryAfterSeconds} s.`,
  );

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Bounds what a client that sends its body slowly can hold: the whole body must arrive within
 * `timeoutMs` (408, then the connection closes), and each client address may have at most
 * `perAddress` bodies that are still arriving a second after their request started (the next one is
 * answered 429 with Retry-After and its connection closes). A request already answered whose body
 * still trickles in (a route that reads none, a refusal) has its connection closed at the deadline.
 * The address is the socket's: a reverse proxy in front should buffer request bodies itself.
 */
export function guardSlowBodies(limits: SlowBodyLimits): Koa.Middleware {
  const slowByAddress = new Map<string, number>();
  return async (ctx, next) => {
    const req = ctx.req;
    if (!hasBody(req) || req.complete) return next();
    const address = req.socket.remoteAddress ?? 'unknown';
    const deadline = new AbortController();
    deadlines.set(req, deadline.signal);
    let counted = false;

    const stop = (problem: AppError, headers: Record<string, string> = {}) => {
      if (req.complete || deadline.signal.aborted) return;
      deadline.abort(problem);
      if (ctx.headerSent) {
        req.socket.destroy();
        return;
      }
      ctx.set({ ...headers, Connection: 'close' });
      // A route that does not read the body answers normally; the connection closes after that answer.
    };
    const markSlow = setTimeout(
      () => {
        if (req.complete) return;
        const slow = slowByAddress.get(address) ?? 0;
        if (slow >= limits.perAddress) {
          const retryAfter = seconds(limits.timeoutMs);
          stop(tooManySlowBodies(limits.perAddress, retryAfter), { 'Retry-After': String(retryAfter) });
          return;
        }
        slowByAddress.set(address, slow + 1);
        counted = true;
      },
      Math.min(SLOW_AFTER_MS, limits.timeoutMs),
    );
    const timeout = setTimeout(() => stop(bodyTimedOut(limits.timeoutMs)), limits.timeoutMs);
    // The body is all in, or the connection is gone (a request already answered is no longer closed with it).
    const release = () => {
      req.off('end', release);
      req.off('close', release);
      req.socket.off('close', release);
      clearTimeout(markSlow);
      clearTimeout(timeout);
      if (!counted) return;
      counted = false;
      const left = (slowByAddress.get(address) ?? 1) - 1;
      if (left > 0) slowByAddress.set(address, left);
      else slowByAddress.delete(address);
    };
    req.once('end', release);
    req.once('close', release);
    req.socket.once('close', release);
    await next();
  };
}
