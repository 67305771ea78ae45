import type { Queryable } from '../../src/db/database.js';

interface TranscriptRow {
  transcript_id: string;
  external_id: string;
  provider: string;
  status: string;
  skip_reason: string | null;
  failure_reason: string | null;
  metered_items: number;
  word_count: number;
  signal_count: number;
  created_at: Date;
  extracted_at: Date | null;
}

/** The transcript of spec 2.5 in this project, or undefined; never text or segments (none are kept). */
export async function findTranscript(db: Queryable, projectId: string, transcriptId: string) {
  const row = (
    await db.query<TranscriptRow>(
      `SELECT transcript_id, external_id, provider, status, skip_reason, failure_reason, metered_items, word_count, signal_count, created_at, extracted_at
         FROM transcripts WHERE project_id = $1 AND transcript_id = $2`,
      [projectId, transcriptId],
    )
  ).rows[0];
  if (!row) return undefined;
  return {
    id: row.transcript_id,
    external_id: row.external_id,
    provider: row.provider,
    status: row.status,
    ...(row.status === 'skipped' && row.skip_reason ? { skip_reason: row.skip_reason } : {}),
    ...(row.status === 'failed' && row.failure_reason ? { failure_reason: row.failure_reason } : {}),
    metered_items: row.metered_items,
    word_count: row.word_count,
    signal_count: row.signal_count,
    created_at: row.created_at.toISOString(),
    ...(row.extracted_at ? { extracted_at: row.extracted_at.toISOString() } : {}),
  };
}
