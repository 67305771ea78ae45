import type { Queryable } from '../../db/database.js';
import type { ExtractionTurn } from './quote-extractor.js';

/** What extraction needs of a call and nothing is kept of: the turns, the names to redact, the customer's email. */
export interface ExtractionWork {
  turns: ExtractionTurn[];
  /** The owner's, the attendees' and the customer speakers' names: redacted from every quote. */
  knownNames: string[];
  /** The one external attendee's email, when there is exactly one: the items are that customer's. */
  customerEmail: string | null;
}

export interface ClaimedExtraction {
  transcript_id: string;
  project_id: string;
  work: ExtractionWork;
  attempts: number;
  enqueued_at: Date;
  claimed_until: Date;
}

/** Written before the call's event: a repeat of the external_id leaves the first row as it is. */
export async function putExtractionWork(db: Queryable, transcriptId: string, projectId: string, work: ExtractionWork, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO transcript_extractions (transcript_id, project_id, work, enqueued_at, available_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (transcript_id) DO NOTHING`,
    [transcriptId, projectId, JSON.stringify(work), now.toISOString()],
  );
}

export async function claimExtractions(db: Queryable, now: Date, leaseSeconds: number, limit: number): Promise<ClaimedExtraction[]> {
  const claimed = await db.query<ClaimedExtraction>(
    `UPDATE transcript_extractions SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
      WHERE transcript_id IN (
        SELECT transcript_id FROM transcript_extractions
         WHERE available_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
         ORDER BY enqueued_at, transcript_id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING transcript_id, project_id, work, attempts, enqueued_at, claimed_until`,
    [now.toISOString(), leaseSeconds, limit],
  );
  return claimed.rows;
}

/** Extends the lease this worker holds; `lost` when another worker holds it now, `gone` when the row is. */
export async function renewExtraction(db: Queryable, job: ClaimedExtraction, now: Date, leaseSeconds: number): Promise<'renewed' | 'lost' | 'gone'> {
  const result = await db.query<{ renewed: Date | null; present: boolean }>(
    `WITH renewed AS (
       UPDATE transcript_extractions SET claimed_until = $3::timestamptz + make_interval(secs => $4)
        WHERE transcript_id = $1 AND claimed_until = $2 RETURNING claimed_until)
     SELECT (SELECT claimed_until FROM renewed) AS renewed, EXISTS (SELECT 1 FROM transcript_extractions WHERE transcript_id = $1) AS present`,
    [job.transcript_id, job.claimed_until, now.toISOString(), leaseSeconds],
  );
  const { renewed, present } = result.rows[0];
  if (renewed) job.claimed_until = renewed;
  return renewed ? 'renewed' : present ? 'lost' : 'gone';
}

/** Gives the row back to be claimed after `delaySeconds`. */
export async function releaseExtraction(db: Queryable, job: ClaimedExtraction, now: Date, delaySeconds: number): Promise<void> {
  await db.query(
    `UPDATE transcript_extractions SET claimed_until = NULL, available_at = $2::timestamptz + make_interval(secs => $3)
      WHERE transcript_id = $1 AND claimed_until = $4`,
    [job.transcript_id, now.toISOString(), delaySeconds, job.claimed_until],
  );
}

/** Extraction ended: the text goes with the row. */
export async function deleteExtractionWork(db: Queryable, transcriptId: string): Promise<void> {
  await db.query(`DELETE FROM transcript_extractions WHERE transcript_id = $1`, [transcriptId]);
}
