import http from 'node:http';
import https from 'node:https';
import { guardedLookup, RefusedAddressError, type HostResolver } from '../outbound/guarded-lookup.js';
import { checkOutboundUrl } from '../outbound/outbound-url.js';

/** How long a receiver has to answer (spec 6 leaves it open; documented in the README). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryResult {
  /** The receiver's status; null when no response came (refused address, network error, timeout). */
  status: number | null;
  ok: boolean;
  /** Why it failed, without any body text. */
  error?: string;
  /** A 429's or 503's `Retry-After`, in seconds (delta-seconds or an HTTP date), when it sent a usable one. */
  retryAfterSeconds?: number;
}

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`, as seconds from `now`. */
export function parseRetryAfter(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * POSTs the raw body once: no redirects followed (a 3xx is a failure), 10 s for the whole exchange,
 * no connection reuse, and only to allowed addresses: the URL passes the outbound policy again (it
 * may have been stored under an older one) and every address the name resolves to is checked by the
 * lookup the socket connects with. 2xx is success.
 */
export function postDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  { allowLoopback, timeoutMs = DELIVERY_TIMEOUT_MS, resolveHost }: { allowLoopback: boolean; timeoutMs?: number; resolveHost?: HostResolver },
): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    const checked = checkOutboundUrl(url, { allowHttp: allowLoopback });
    if (!checked.ok) {
      const addressRefused = checked.reason === 'special-purpose-address' || checked.reason === 'loopback';
      resolve({ status: null, ok: false, error: addressRefused ? 'address not allowed' : `url not allowed (${checked.reason})` });
      return;
    }
    const target = checked.url;
    let settled = false;
    const finish = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(allowLoopback, resolveHost),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'feedback-service-webhooks/1',
          ...headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const retryAfterSeconds = status === 429 || status === 503 ? parseRetryAfter(response.headers['retry-after'], new Date()) : undefined;
        response.resume(); // the body is not used
        response.on('end', () =>
          finish({
            status,
            ok: status >= 200 && status < 300,
            ...(status >= 300 ? { error: `HTTP ${status}` } : {}),
            ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
          }),
        );
        response.on('error', () => finish({ status, ok: false, error: 'response aborted' }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, ok: false, error: `no response within ${timeoutMs / 1000} s` });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({ status: null, ok: false, error: error instanceof RefusedAddressError ? 'address not allowed' : (error.code ?? 'network error') });
    });
    request.end(body);
  });
}
