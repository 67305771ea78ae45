import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  path: string;
}

/** A webhook receiver on 127.0.0.1 that records every request and answers `status()` (200 by default). */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** The status answered for a request path. */
  status: (path: string) => number = () => 200;
  /** How long to wait before answering a request path (a slow receiver). */
  delayMs: (path: string) => number = () => 0;
  /** Headers answered for a request path (e.g. a 429's Retry-After). */
  responseHeaders: (path: string) => Record<string, string> = () => ({});
  private server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      this.received.push({ headers: request.headers, body, json: JSON.parse(body), path });
      setTimeout(() => response.writeHead(this.status(path), this.responseHeaders(path)).end(), this.delayMs(path));
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Spec 6, as a receiver would check it: HMAC-SHA256 of "<t>.<raw body>", constant-time compare, 5-minute tolerance. */
export function verifySpecSignature(secret: string, header: string, rawBody: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1 ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Standard Webhooks (standardwebhooks.com), as its libraries verify: key = base64 after `whsec_`,
 * content "<webhook-id>.<webhook-timestamp>.<body>", `webhook-signature` a space-separated list of
 * `v1,<base64>`, timestamp within 5 minutes.
 */
export function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, rawBody: string, nowSeconds: number): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = Number(headers['webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
