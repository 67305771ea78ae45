import { passesDniLetter } from '../idChecksums.js';
import type { Span } from '../span.js';

// DNI 12345678Z or 12345678-Z; NIE X1234567L (X, Y or Z first). The letter alphabet has no I, O, U or Ñ.
const DNI_NIE = /(?<![\p{L}\p{N}\-\/.,])([XYZ]-?\d{7}|\d{8})-?([A-HJ-NP-TV-Z])(?![\p{L}\p{N}])/gu;

/** Spanish identity numbers (DNI, NIE) whose control letter is right. */
export function detectDniNies(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(DNI_NIE)) {
    if (passesDniLetter(m[1].replace('-', ''), m[2])) spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
