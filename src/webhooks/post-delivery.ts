import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed } from './address-policy.js';

/** How long a receiver has to answer (spec 6 leaves it open; documented in the README). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryResult {
  /** The receiver's status; null when no response came (refused address, network error, timeout). */
  status: number | null;
  ok: boolean;
  /** Why it failed, without any body text. */
  error?: string;
}

export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

/**
 * Resolves like `dns.lookup` but fails when any address is not allowed, so the check happens at the
 * moment of connecting: a name that re-resolves to a private address (DNS rebinding) is refused.
 */
export function safeLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.length === 0 || list.some((entry) => !addressAllowed(entry.address, allowLoopback));
      if (refused) return callback(new RefusedAddressError(`${hostname} resolves to an address webhooks may not reach`), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/**
 * POSTs the raw body once: no redirects followed (a 3xx is a failure), 10 s for the whole exchange,
 * no connection reuse, and only to allowed addresses. 2xx is success.
 */
export function postDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  { allowLoopback, timeoutMs = DELIVERY_TIMEOUT_MS }: { allowLoopback: boolean; timeoutMs?: number },
): Promise<DeliveryResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !addressAllowed(host, allowLoopback)) {
      resolve({ status: null, ok: false, error: 'address not allowed' });
      return;
    }
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
        lookup: safeLookup(allowLoopback),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'feedback-service-webhooks/1',
          ...headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume(); // the body is not used
        response.on('end', () => finish({ status, ok: status >= 200 && status < 300, ...(status >= 300 ? { error: `HTTP ${status}` } : {}) }));
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
