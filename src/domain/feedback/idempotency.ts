import { createHash } from 'node:crypto';

/**
 * An Idempotency-Key decides the item id, so "one item per key" is the event store's own
 * "no stream yet" check on that item's stream: no separate lookup that could race.
 */
export function feedbackIdForIdempotencyKey(projectId: string, idempotencyKey: string): string {
  const digest = createHash('sha256').update(`${projectId}\u0000${idempotencyKey}`).digest();
  return `fb_${BigInt('0x' + digest.subarray(0, 13).toString('hex'))
    .toString(36)
    .padStart(20, '0')
    .slice(-20)}`;
}
