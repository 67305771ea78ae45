import { alternation } from '../cues.js';
import { regexSpans, textBefore, type Span } from '../span.js';
import cues from './cues/cvv.json' with { type: 'json' };

const THREE_OR_FOUR_DIGITS = /(?<![\p{L}\p{N}.,\-\/])\d{3,4}(?![\p{L}\p{N}]|[.,\-\/]\d)/gu;
const CUE = new RegExp(String.raw`(?:^|[^\p{L}])(?:${alternation(cues.cues)})(?![\p{L}])[\s:=#\-–]*(?:(?:${alternation(cues.fillers)})[\s:=]+){0,2}$`, 'u');

/** Card security codes (CVV, CVC, "security code", "Kartenprüfnummer", "cryptogramme") right after their cue. */
export function detectCvvs(text: string): Span[] {
  return regexSpans(text, THREE_OR_FOUR_DIGITS, 'card', (m) => CUE.test(textBefore(text, m.index, 40)));
}
