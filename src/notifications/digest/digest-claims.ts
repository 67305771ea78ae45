import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';
import type { DigestPeriod } from './period.js';

export type DigestChannel = 'email' | 'slack';

export interface DigestClaim {
  projectId: string;
  period: DigestPeriod;
  channel: DigestChannel;
  token: string;
  attempts: number;
}

const key = (claim: Pick<DigestClaim, 'projectId' | 'period' | 'channel'>) => [
  claim.projectId,
  claim.period.cadence,
  claim.period.start.toISOString(),
  claim.channel,
];

/**
 * Claims the digest of (project, period, channel) before anything is sent. The first claim inserts
 * the row (its key is unique: a second node's insert does nothing); a pending row whose lease has
 * run out (its node crashed, or the send failed and the retry is due) is taken over. Undefined when
 * the digest was sent, given up, or another node holds it.
 */
export async function claimDigest(
  db: Queryable,
  target: Pick<DigestClaim, 'projectId' | 'period' | 'channel'>,
  now: Date,
  leaseSeconds: number,
): Promise<DigestClaim | undefined> {
  const token = randomUUID();
  const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
  const inserted = await db.query<{ attempts: number }>(
    `INSERT INTO digest_sends (project_id, cadence, period_start, channel, period_end, claim_token, claimed_until, claimed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING attempts`,
    [...key(target), target.period.end.toISOString(), token, until, now.toISOString()],
  );
  if (inserted.rows[0]) return { ...target, token, attempts: inserted.rows[0].attempts };
  const taken = await db.query<{ attempts: number }>(
    `UPDATE digest_sends SET claim_token = $5, claimed_until = $6, claimed_at = $7, attempts = attempts + 1
      WHERE project_id = $1 AND cadence = $2 AND period_start = $3 AND channel = $4 AND status = 'pending' AND claimed_until < $7
      RETURNING attempts`,
    [...key(target), token, until, now.toISOString()],
  );
  return taken.rows[0] ? { ...target, token, attempts: taken.rows[0].attempts } : undefined;
}

/** Records that the channel accepted the digest; only the node holding the claim can. */
export async function markDigestSent(db: Queryable, claim: DigestClaim, now: Date): Promise<boolean> {
  const result = await db.query(
    `UPDATE digest_sends SET status = 'sent', sent_at = $6, claimed_until = NULL, last_error = NULL
      WHERE project_id = $1 AND cadence = $2 AND period_start = $3 AND channel = $4 AND claim_token = $5 AND status = 'pending'`,
    [...key(claim), claim.token, now.toISOString()],
  );
  return (result.rowCount ?? 0) > 0;
}

/** A failed send: the claim's lease becomes the wait before the next try, or the digest is given up. */
export async function markDigestFailed(db: Queryable, claim: DigestClaim, now: Date, retryInSeconds: number | null, error: string): Promise<void> {
  await db.query(
    `UPDATE digest_sends SET status = CASE WHEN $6::timestamptz IS NULL THEN 'failed' ELSE 'pending' END, claimed_until = $6, last_error = $7
      WHERE project_id = $1 AND cadence = $2 AND period_start = $3 AND channel = $4 AND claim_token = $5 AND status = 'pending'`,
    [...key(claim), claim.token, retryInSeconds === null ? null : new Date(now.getTime() + retryInSeconds * 1000).toISOString(), error],
  );
}
