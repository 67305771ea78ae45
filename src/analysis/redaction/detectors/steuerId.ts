import { cueBeforePattern, hasCueBefore } from '../cues.js';
import { passesSteuerId } from '../idChecksums.js';
import type { Span } from '../span.js';
import cues from './cues/idNumbers.json' with { type: 'json' };

// 12345678901 or grouped as on the tax office's letters: 12 345 678 901.
const STEUER_ID = /(?<![\p{L}\p{N}\-\/.,])(?:\d{11}|\d{2} \d{3} \d{3} \d{3})(?![\p{L}\p{N}]|[\-\/.,]\d)/gu;
const CUE = cueBeforePattern(cues.steuerId, 30);

/** German tax identification numbers (Steuer-IdNr): digit pattern, MOD 11,10 check digit and a cue. */
export function detectSteuerIds(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(STEUER_ID)) {
    if (passesSteuerId(m[0].replace(/ /g, '')) && hasCueBefore(text, m.index, CUE)) {
      spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
    }
  }
  return spans;
}
