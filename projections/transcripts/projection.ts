import { projector } from '../../src/projection-engine/projection.js';
import { transcriptsMigrations } from './migration.js';

/** Transcripts as GET /transcripts/{id} shows them (spec 2.5, 4.14). */
export const transcriptsProjection = projector({
  name: 'transcripts',
  tables: ['transcripts'],
  handles: ['TranscriptReceived', 'TranscriptExtractionStarted', 'TranscriptExtracted', 'TranscriptExtractionFailed', 'TranscriptJudgedInternal'],
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
      case 'TranscriptExtractionStarted':
        await tx.query(`UPDATE transcripts SET status = 'extracting' WHERE transcript_id = $1 AND status = 'queued'`, [event.data.transcriptId]);
        return;
      case 'TranscriptExtracted':
        await tx.query(`UPDATE transcripts SET status = 'done', signal_count = $2, extracted_at = $3 WHERE transcript_id = $1`, [
          event.data.transcriptId,
          event.data.signalCount,
          event.data.extractedAt,
        ]);
        return;
      case 'TranscriptExtractionFailed':
        await tx.query(`UPDATE transcripts SET status = 'failed', failure_reason = $2, extracted_at = $3 WHERE transcript_id = $1`, [
          event.data.transcriptId,
          event.data.failureReason,
          event.data.failedAt,
        ]);
        return;
      case 'TranscriptJudgedInternal':
        await tx.query(`UPDATE transcripts SET status = 'skipped', skip_reason = 'internal_call', extracted_at = $2 WHERE transcript_id = $1`, [
          event.data.transcriptId,
          event.data.judgedAt,
        ]);
        return;
    }
  },
});
