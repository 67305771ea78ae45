import type { TranscriptSpeaker } from '../../domain/transcript/intake.js';

/** One turn of a call as extraction reads it: the speaker after mapping (rule 3) and the words as said. */
export interface ExtractionTurn {
  speaker: TranscriptSpeaker;
  text: string;
  startSec: number | null;
}

/** A customer's words, verbatim: a substring of the `them` turn `turnIndex`. */
export interface Quote {
  text: string;
  turnIndex: number;
  startSec: number | null;
}

export interface ExtractionResult {
  /** The call was judged an internal one (spec 3.2): skipped `internal_call`, no items. */
  internal: boolean;
  quotes: Quote[];
}

/** Reads a call and proposes the customer's feedback quotes; the offline one and the LLM one. */
export interface QuoteExtractor {
  readonly name: string;
  extract(turns: readonly ExtractionTurn[]): Promise<ExtractionResult>;
}

/** Extraction failed for good, with a code for `failure_reason` (never a message). */
export class ExtractionFailure extends Error {
  constructor(readonly code: string) {
    super(`extraction failed: ${code}`);
    this.name = 'ExtractionFailure';
  }
}
