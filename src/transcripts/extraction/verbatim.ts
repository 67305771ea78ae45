import type { ExtractionTurn, Quote } from './quote-extractor.js';

const normalise = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * The quote as the customer said it: `proposed` must be, after white space is folded, a substring
 * of one of the customer's (`them`) turns; returns the quote taken from that turn, or undefined
 * (a paraphrase, an invented sentence or the rep's words are dropped).
 */
export function verbatimQuote(proposed: string, turns: readonly ExtractionTurn[]): Quote | undefined {
  const wanted = normalise(proposed);
  if (wanted.length === 0) return undefined;
  for (let turnIndex = 0; turnIndex < turns.length; turnIndex++) {
    const turn = turns[turnIndex];
    if (turn.speaker !== 'them') continue;
    if (normalise(turn.text).includes(wanted)) return { text: wanted, turnIndex, startSec: turn.startSec };
  }
  return undefined;
}
