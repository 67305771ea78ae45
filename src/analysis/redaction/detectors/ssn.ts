import { cueBeforePattern, hasCueBefore } from '../cues.js';
import type { Span } from '../span.js';
import cues from './cues/idNumbers.json' with { type: 'json' };

// 123-45-6789, 123 45 6789 or 123456789, with the same separator twice.
const SSN = /(?<![\p{L}\p{N}\-\/.,])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\p{L}\p{N}]|[\-\/.,]\d)/gu;
const CUE = cueBeforePattern(cues.ssn, 30);

// Never issued: area 000, 666 or 900-999, group 00, serial 0000.
function isIssuable(area: string, group: string, serial: string): boolean {
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

/** US Social Security numbers after a cue ("SSN", "social security number"): the shape alone is shared by part and order numbers. */
export function detectSsns(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(SSN)) {
    if (isIssuable(m[1], m[3], m[4]) && hasCueBefore(text, m.index, CUE)) spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
