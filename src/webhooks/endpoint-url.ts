import { isIP } from 'node:net';
import type { FieldProblem } from '../domain/errors.js';
import { classifyAddress } from './address-policy.js';

/** Host names that never name a public receiver. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/;

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * Checks a webhook URL (spec 2.6, 4.12). `https://` only; with `allowHttp` (WEBHOOK_ALLOW_HTTP=true,
 * development) also `http://` to loopback, and loopback over either scheme. Refused in every mode:
 * user info, IP literals that are private, link-local (cloud metadata), unspecified, multicast or
 * reserved — however spelled (decimal, octal, hex and short IPv4 forms are normalised by the URL
 * parser first; IPv4-mapped IPv6 is judged by its IPv4 address) — internal names, and privileged
 * ports other than 443 (ports 1024 and above are allowed). Host names are resolved and checked
 * again at every delivery.
 */
export function checkWebhookUrl(raw: string, allowHttp: boolean): FieldProblem[] {
  const refuse = (message: string) => [{ field: 'url', message }];
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return refuse(`must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('is not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return refuse('must use https://');
  if (url.username || url.password) return refuse('must not contain user info (user:password@)');
  if (url.hash) return refuse('must not contain a fragment');
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  let loopback: boolean;
  if (isIP(host)) {
    const kind = classifyAddress(host);
    if (kind === 'refused') return refuse('must not point at a private, link-local, metadata, unspecified or reserved address');
    loopback = kind === 'loopback';
  } else {
    if (!host.includes('.') && host !== 'localhost') return refuse('must name a public host (a fully qualified domain name)');
    if (/^[0-9.]+$/.test(host) || /^0x/i.test(host)) return refuse('is not a valid host');
    loopback = host === 'localhost' || host.endsWith('.localhost');
    if (!loopback && INTERNAL_NAME.test(host)) return refuse('must name a public host, not an internal name');
  }
  if (loopback && !allowHttp) return refuse('must not point at a loopback address');
  if (url.protocol === 'http:' && !loopback) return refuse('must use https:// (http:// is allowed only to loopback in development)');
  const port = url.port === '' ? undefined : Number(url.port);
  if (!loopback && port !== undefined && port < 1024 && port !== 443) return refuse('must use port 443 or a port from 1024 up');
  return [];
}
