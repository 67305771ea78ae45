import { projector } from '../../src/projection-engine/projection.js';
import { transcriptsMigrations } from './migration.js';

/** Transcripts as GET /transcripts/{id} shows them (spec 2.5, 4.14). */
export const transcriptsProjection = projector({
  name: 'transcripts',
  tables: ['transcripts'],
  handles: ['TranscriptReceived'],
  migrations: transcriptsMigrations,
  async apply(event, tx) {
    switch (event.type) {
      case 'TranscriptReceived': {
        const d = event.data;
        await tx.query(
          `INSERT INTO transcripts (transcript_id, project_id, external_id, provider, status, skip_reason, metered_items, word_count,
                                    title, url, language, duration_sec, started_at, backfill, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT (transcript_id) DO NOTHING`,
          [
            d.transcriptId,
            d.projectId,
            d.externalId,
            d.provider,
            d.status,
            d.skipReason,
            d.meteredItems,
            d.wordCount,
            d.title,
            d.url,
            d.language,
            d.durationSec,
            d.startedAt,
            d.backfill,
            d.receivedAt,
          ],
        );
        return;
      }
    }
  },
});
