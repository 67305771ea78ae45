import { createHash } from 'node:crypto';
import { submitFeedback } from '../shared/submit-feedback.js';
import { redact } from '../../analysis/redaction/index.js';
import type { TranscriptReceived } from '../../domain/transcript/events.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import type { CoreServices } from '../../services.js';
import type { ExtractionWork } from '../../transcripts/extraction/extraction-work.js';
import type { Quote } from '../../transcripts/extraction/quote-extractor.js';

/** The same quote of the same call names the same item: a resumed extraction adds no second one. */
const idempotencyKeyOf = (transcriptId: string, quote: Quote) =>
  `call:${transcriptId}:${quote.turnIndex}:${createHash('sha256').update(quote.text).digest('hex').slice(0, 32)}`;

/**
 * Each quote becomes a feedback item with source `call` (rule 11): the attendees' and speakers'
 * names redacted first, then redacted like any item; the call's `url` as its link back, the
 * transcript, speaker and start in its metadata; dated when the call started (a backfill joins
 * history); the one external attendee's email as the item's customer.
 */
export async function emitQuotes(
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine'>,
  call: TranscriptReceived['data'],
  work: ExtractionWork,
  quotes: readonly Quote[],
  context: CommandContext,
): Promise<string[]> {
  const ids: string[] = [];
  for (const quote of quotes) {
    const outcome = await submitFeedback(
      services,
      {
        projectId: call.projectId,
        text: redact(quote.text, { knownNames: work.knownNames }).text,
        ...(work.customerEmail ? { email: work.customerEmail } : {}),
        source: 'call',
        metadata: {
          transcript_id: call.transcriptId,
          speaker: 'them',
          ...(quote.startSec === null ? {} : { start_sec: quote.startSec }),
          ...(call.url ? { url: call.url } : {}),
        },
        createdAt: new Date(call.startedAt),
        idempotencyKey: idempotencyKeyOf(call.transcriptId, quote),
      },
      context,
    );
    ids.push(outcome.id);
  }
  return ids;
}
