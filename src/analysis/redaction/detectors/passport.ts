import { cueBeforePattern, hasCueBefore } from '../cues.js';
import type { Span } from '../span.js';
import cues from './cues/idNumbers.json' with { type: 'json' };

// Passport numbers have no common checksum: 6-10 capitals and digits, mostly digits (532184769, C01X00T47, 18AV42187).
const CANDIDATE = /(?<![\p{L}\p{N}\-\/.,#])[A-Z0-9]{6,10}(?![\p{L}\p{N}]|[\-\/.,]\d)/gu;
const CUE = cueBeforePattern(cues.passport, 30);

/** Passport numbers after a cue ("passport number", "Reisepassnummer", "numéro de passeport", "паспорт"). */
export function detectPassports(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    if ((m[0].match(/\d/g)?.length ?? 0) < 5 || !hasCueBefore(text, m.index, CUE)) continue;
    spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
