import { classifyAddress, describeRange, parseAddress } from './address-policy.js';
import type { SpecialAddressRange } from './special-address-ranges.js';

export const OUTBOUND_URL_MAX_LENGTH = 2048;

/** Host names that never name a public receiver. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/;
/** A DNS label as it stands after IDNA (letters, digits, hyphens; underscores as some services use them). */
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

export type OutboundUrlRefusal =
  'too-long' | 'not-a-url' | 'scheme' | 'user-info' | 'fragment' | 'invalid-host' | 'special-purpose-address' | 'loopback' | 'internal-name' | 'port';

export type OutboundUrlCheck =
  { ok: true; url: URL; loopback: boolean } | { ok: false; reason: OutboundUrlRefusal; message: string; range?: SpecialAddressRange };

export interface OutboundUrlOptions {
  /** Development (`WEBHOOK_ALLOW_HTTP=true`): loopback is admitted, over `http://` as well. */
  allowHttp: boolean;
  maxLength?: number;
}

type HostCheck = { ok: true; loopback: boolean; range?: SpecialAddressRange } | Extract<OutboundUrlCheck, { ok: false }>;

const refuse = (reason: OutboundUrlRefusal, message: string, range?: SpecialAddressRange) =>
  ({ ok: false, reason, message, ...(range ? { range } : {}) }) as const;

/**
 * The one policy for URLs the service sends requests to (webhook endpoints; Slack incoming webhooks
 * to come). `https://` only; refused in every mode: user info, fragments, hosts that are not a
 * well-formed DNS name or IP literal, IP literals in any special-purpose block (see
 * special-address-ranges.ts), internal names, and privileged ports other than 443. The host is the
 * WHATWG URL parser's (the parser `http.request` and `fetch` use), which has already turned decimal,
 * octal, hex and short IPv4 forms into dotted quads, lower-cased, applied IDNA and rejected IPv6 zone
 * ids. Names are not resolved here: `guardedLookup` checks every resolved address when connecting.
 */
export function checkOutboundUrl(raw: string, { allowHttp, maxLength = OUTBOUND_URL_MAX_LENGTH }: OutboundUrlOptions): OutboundUrlCheck {
  if (raw.length > maxLength) return refuse('too-long', `must be at most ${maxLength} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not-a-url', 'is not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return refuse('scheme', 'must use https://');
  if (url.username || url.password) return refuse('user-info', 'must not contain user info (user:password@)');
  if (url.hash) return refuse('fragment', 'must not contain a fragment');
  const host = checkHost(url.hostname);
  if (!host.ok) return host;
  if (host.loopback && !allowHttp) return refuse('loopback', 'must not point at a loopback address', host.range);
  if (url.protocol === 'http:' && !host.loopback) return refuse('scheme', 'must use https:// (http:// is allowed only to loopback in development)');
  const port = url.port === '' ? undefined : Number(url.port);
  if (!host.loopback && port !== undefined && port < 1024 && port !== 443) return refuse('port', 'must use port 443 or a port from 1024 up');
  return { ok: true, url, loopback: host.loopback };
}

function checkHost(hostname: string): HostCheck {
  if (hostname.startsWith('[')) return checkAddress(hostname.slice(1, -1));
  if (parseAddress(hostname)) return checkAddress(hostname);
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  if (name.length > 253 || !labels.every((label) => LABEL.test(label))) return refuse('invalid-host', 'is not a valid host name');
  if (name === 'localhost' || name.endsWith('.localhost')) return { ok: true, loopback: true };
  if (INTERNAL_NAME.test(name)) return refuse('internal-name', 'must name a public host, not an internal name');
  if (labels.length < 2) return refuse('internal-name', 'must name a public host (a fully qualified domain name)');
  return { ok: true, loopback: false };
}

function checkAddress(literal: string): HostCheck {
  const found = classifyAddress(literal);
  if (found.kind === 'invalid') return refuse('invalid-host', 'is not a valid IP address');
  if (found.kind === 'refused') {
    return refuse('special-purpose-address', `must not point at a special-purpose address: ${found.address} is in ${describeRange(found.range)}`, found.range);
  }
  return found.kind === 'loopback' ? { ok: true, loopback: true, range: found.range } : { ok: true, loopback: false };
}
