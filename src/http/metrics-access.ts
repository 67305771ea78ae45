import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import ipaddr from 'ipaddr.js';

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever the socket's peer. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-client-ip', 'true-client-ip'];

/** The socket's peer is this machine and no proxy says it forwarded the request. Never the client's own claims of an address. */
export function fromLoopback(remoteAddress: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (!remoteAddress || !ipaddr.isValid(remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return false;
  return ipaddr.process(remoteAddress).range() === 'loopback';
}

/** Compared as SHA-256 digests with `timingSafeEqual`: the time taken says nothing about the token, not even its length. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer ([\x21-\x7e]+)$/i.exec(authorization ?? '')?.[1];
  if (!presented) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * Who may read `/metrics`: with METRICS_TOKEN set, whoever presents it (loopback included: the token
 * is the rule then); without it, only loopback callers that no proxy forwarded.
 */
export function mayReadMetrics(request: { remoteAddress: string | undefined; headers: IncomingHttpHeaders }, token: string | undefined): boolean {
  if (token) return bearerMatches(request.headers.authorization, token);
  return fromLoopback(request.remoteAddress, request.headers);
}
