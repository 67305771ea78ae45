import { cueBeforePattern, hasCueBefore } from '../cues.js';
import { passesPesel } from '../idChecksums.js';
import type { Span } from '../span.js';
import cues from './cues/idNumbers.json' with { type: 'json' };

const ELEVEN_DIGITS = /(?<![\p{L}\p{N}\-\/.,])\d{11}(?![\p{L}\p{N}]|[\-\/.,]\d)/gu;
const CUE = cueBeforePattern(cues.pesel, 30);

/** Polish PESEL numbers: check digit, an encoded birth date, and a cue (about one eleven-digit number in fifty passes both). */
export function detectPesels(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(ELEVEN_DIGITS)) {
    if (passesPesel(m[0]) && hasCueBefore(text, m.index, CUE)) spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
