import { createHash } from 'node:crypto';

/**
 * The `external_id` decides the transcript id, so "one record per external_id in a project" is the
 * event store's own "no stream yet" check on that transcript's stream: no lookup that could race.
 */
export function transcriptIdForExternalId(projectId: string, externalId: string): string {
  const digest = createHash('sha256').update(`transcript\u0000${projectId}\u0000${externalId}`).digest();
  return `tr_${BigInt('0x' + digest.subarray(0, 13).toString('hex'))
    .toString(36)
    .padStart(20, '0')
    .slice(-20)}`;
}
