import { internalMarkersIn, isFeedbackSentence } from './feedback-sentences.js';
import type { ExtractionResult, ExtractionTurn, Quote, QuoteExtractor } from './quote-extractor.js';

/** A feedback item holds at most 10,000 characters (spec 2.1): a longer run of sentences is cut into quotes. */
export const MAX_QUOTE_CHARS = 10_000;
/** The offline rule for `internal_call`: at least this many internal-work words in the customer's turns, and more of them than quotes. */
export const INTERNAL_MARKER_THRESHOLD = 3;

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The offline extractor: the customer's (`them`) sentences that are product feedback, adjacent ones
 * of one turn merged into one quote, each a verbatim slice of the turn. No network, deterministic:
 * a resumed extraction proposes the same quotes.
 */
export class OfflineQuoteExtractor implements QuoteExtractor {
  readonly name = 'offline';

  extract(turns: readonly ExtractionTurn[]): Promise<ExtractionResult> {
    return Promise.resolve(extractOffline(turns));
  }
}

export function extractOffline(turns: readonly ExtractionTurn[]): ExtractionResult {
  const quotes: Quote[] = [];
  let markers = 0;
  turns.forEach((turn, turnIndex) => {
    if (turn.speaker !== 'them') return;
    markers += internalMarkersIn(turn.text);
    quotes.push(...quotesOfTurn(turn, turnIndex));
  });
  return { internal: markers >= INTERNAL_MARKER_THRESHOLD && markers > quotes.length, quotes };
}

function quotesOfTurn(turn: ExtractionTurn, turnIndex: number): Quote[] {
  const quotes: Quote[] = [];
  let run: { start: number; end: number } | undefined;
  const close = () => {
    if (run) quotes.push({ text: turn.text.slice(run.start, run.end).trim(), turnIndex, startSec: turn.startSec });
    run = undefined;
  };
  for (const { segment, index } of sentences.segment(turn.text)) {
    if (!isFeedbackSentence(segment)) {
      close();
      continue;
    }
    const end = index + segment.trimEnd().length;
    if (run && end - run.start <= MAX_QUOTE_CHARS) run.end = end;
    else {
      close();
      run = { start: index, end: Math.min(end, index + MAX_QUOTE_CHARS) };
    }
  }
  close();
  return quotes.filter((quote) => quote.text.length > 0);
}
