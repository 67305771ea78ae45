import type { ExtractionOutcome } from '../../domain/transcript/decide.js';
import type { TranscriptReceived } from '../../domain/transcript/events.js';
import { awaitsExtraction, type TranscriptState } from '../../domain/transcript/state.js';
import type { Quote } from '../../transcripts/extraction/quote-extractor.js';
import { retryDelaySeconds } from '../../work/retry-delay.js';

/** A work row without its call after this long is an intake that failed after writing it: dropped. */
export const ORPHAN_AFTER_SECONDS = 60;

/** What moves an extraction on: its work row claimed, then the answers of its own actions (or a failure). */
export type ExtractionInput =
  /** The worker claimed the call's work row (written by the intake, `enqueuedAt`). */
  | { type: 'Claimed'; enqueuedAt: string; at: string }
  /** The extractor read the call (its turns redacted first). */
  | { type: 'Extracted'; extractor: string; internal: boolean; quotes: readonly Quote[]; at: string }
  /** The quotes became feedback items. */
  | { type: 'QuotesEmitted'; extractor: string; feedbackIds: string[]; at: string }
  /** A step threw: `code` when the extractor failed with one (`provider_5xx`, `schema_refused`); `attempts` of the row so far. */
  | { type: 'Failed'; code?: string; attempts: number; maxAttempts: number; at: string };

/** What the executor does, in order. */
export type ExtractionAction =
  /** Record `extracting` (nothing new when a resumed run finds it so). */
  | { type: 'StartExtraction'; at: string }
  /** Redact the turns and ask the extractor; its answer is the next input. */
  | { type: 'Extract' }
  /** Submit each quote as a feedback item (idempotently, by a key per quote); the items' ids are the next input. */
  | { type: 'EmitQuotes'; call: TranscriptReceived['data']; extractor: string; quotes: readonly Quote[] }
  /** Record the outcome and wait until the read models have applied it. */
  | { type: 'FinishExtraction'; outcome: ExtractionOutcome; at: string }
  /** Delete the work row, and the call's text with it. */
  | { type: 'DropWork' }
  /** Hand the row back, to be claimed again after `delaySeconds`. */
  | { type: 'Retry'; delaySeconds: number };

const finish = (outcome: ExtractionOutcome, at: string): ExtractionAction[] => [{ type: 'FinishExtraction', outcome, at }, { type: 'DropWork' }];

/**
 * The extraction of a call (spec 3.2), given the transcript's record: a claimed call that still owes an
 * outcome is started and read by the extractor; its quotes become items; the outcome is recorded and
 * the row (with the text) deleted. A crash anywhere resumes at the next claim: the items already made
 * are found again by their keys, an outcome already recorded only deletes the row. A failure with a
 * code ends it `failed` at once; any other is retried after a growing delay, and ends `failed`
 * (`extraction_error`) after the last attempt.
 */
export function decideExtraction(input: ExtractionInput, state: TranscriptState): ExtractionAction[] {
  switch (input.type) {
    case 'Claimed': {
      if (!state.received) {
        // No call for this row: its intake failed after writing it, or is still under way (wait a little).
        const ageSeconds = (Date.parse(input.at) - Date.parse(input.enqueuedAt)) / 1000;
        return ageSeconds >= ORPHAN_AFTER_SECONDS ? [{ type: 'DropWork' }] : [{ type: 'Retry', delaySeconds: ORPHAN_AFTER_SECONDS }];
      }
      if (!awaitsExtraction(state)) return [{ type: 'DropWork' }];
      return [{ type: 'StartExtraction', at: input.at }, { type: 'Extract' }];
    }
    case 'Extracted':
      if (input.internal) return finish({ kind: 'internal', extractor: input.extractor }, input.at);
      return [{ type: 'EmitQuotes', call: state.received!, extractor: input.extractor, quotes: input.quotes }];
    case 'QuotesEmitted':
      return finish({ kind: 'extracted', extractor: input.extractor, feedbackIds: input.feedbackIds }, input.at);
    case 'Failed':
      // Without its call there is no outcome to record: the next claim finds the row an orphan.
      if (!state.received || (input.code === undefined && input.attempts < input.maxAttempts))
        return [{ type: 'Retry', delaySeconds: retryDelaySeconds(input.attempts) }];
      return finish({ kind: 'failed', failureReason: input.code ?? 'extraction_error' }, input.at);
  }
}
