import type { Migration } from '../../src/db/migrations.js';

/** Transcripts (spec 2.5): counts, decisions and metadata only; no column holds the text, a speaker label or an attendee. */
export const transcriptsMigrations: Migration[] = [
  {
    id: '0710_transcripts',
    sql: `
      CREATE TABLE transcripts (
        transcript_id text PRIMARY KEY,
        project_id text NOT NULL,
        external_id text NOT NULL,
        provider text NOT NULL,
        status text NOT NULL,
        skip_reason text,
        failure_reason text,
        metered_items integer NOT NULL,
        word_count integer NOT NULL,
        signal_count integer NOT NULL DEFAULT 0,
        -- personal names removed
        title text,
        url text,
        language text,
        duration_sec integer,
        started_at timestamptz NOT NULL,
        backfill boolean NOT NULL,
        created_at timestamptz NOT NULL,
        extracted_at timestamptz,
        UNIQUE (project_id, external_id)
      );
    `,
  },
  {
    // The plan's monthly usage: metered items of a project's calls received since the 1st.
    id: '0711_transcripts_usage_index',
    sql: `CREATE INDEX transcripts_project_created ON transcripts (project_id, created_at);`,
  },
];
