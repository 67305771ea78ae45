import { cueBeforePattern, hasCueBefore } from '../cues.js';
import { passesBsnElevenTest } from '../idChecksums.js';
import type { Span } from '../span.js';
import cues from './cues/idNumbers.json' with { type: 'json' };

// 123456782, 123 456 782, 123.456.782 or 1234.56.782.
const BSN = /(?<![\p{L}\p{N}\-\/.,])(?:\d{9}|\d{3}([ .])\d{3}\1\d{3}|\d{4}\.\d{2}\.\d{3})(?![\p{L}\p{N}]|[\-\/.,]\d)/gu;
const CUE = cueBeforePattern(cues.bsn, 30);

/** Dutch citizen service numbers (BSN): the eleven-test and a cue, since one nine-digit number in eleven passes the test. */
export function detectBsns(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(BSN)) {
    if (passesBsnElevenTest(m[0].replace(/\D/g, '')) && hasCueBefore(text, m.index, CUE)) {
      spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
    }
  }
  return spans;
}
