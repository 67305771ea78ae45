import { createHmac, timingSafeEqual } from 'node:crypto';

/** Compares two hex digests in constant time (a length mismatch is simply false). */
function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GitHub (docs: "Validating webhook deliveries"): `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of
 * the raw body>`, keyed with the webhook secret.
 */
export function verifyGithubSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  return sameHex(createHmac('sha256', secret).update(rawBody).digest('hex'), given);
}

/**
 * Linear (docs: "Webhooks", securing them): `Linear-Signature: <hex HMAC-SHA256 of the raw body>`,
 * keyed with the webhook's signing secret. The body's `webhookTimestamp` is checked by the caller.
 */
export function verifyLinearSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  const given = header?.trim() ?? '';
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return sameHex(createHmac('sha256', secret).update(rawBody).digest('hex'), given);
}

/** Linear's replay guard: `webhookTimestamp` (milliseconds since the epoch) within a minute of now. */
export const LINEAR_TIMESTAMP_TOLERANCE_MS = 60_000;

export function linearTimestampFresh(webhookTimestamp: unknown, now: Date): boolean {
  return (
    typeof webhookTimestamp === 'number' && Number.isFinite(webhookTimestamp) && Math.abs(now.getTime() - webhookTimestamp) <= LINEAR_TIMESTAMP_TOLERANCE_MS
  );
}
