import type { Migration } from '../../db/migrations.js';

/**
 * The only place a transcript's text is kept: one row per queued call, written before the call's
 * `TranscriptReceived` is appended and deleted when extraction ends (done, failed, skipped).
 */
export const extractionWorkMigrations: Migration[] = [
  {
    id: '0720_transcript_extractions',
    sql: `
      CREATE TABLE transcript_extractions (
        transcript_id text PRIMARY KEY,
        project_id text NOT NULL,
        -- turns (speaker after mapping, text, start), known names for redaction, the customer's email
        work jsonb NOT NULL,
        enqueued_at timestamptz NOT NULL,
        available_at timestamptz NOT NULL,
        claimed_until timestamptz,
        attempts integer NOT NULL DEFAULT 0
      );
    `,
  },
];
