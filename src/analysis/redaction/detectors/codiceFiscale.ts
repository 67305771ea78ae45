import { passesCodiceFiscale } from '../idChecksums.js';
import type { Span } from '../span.js';

// Surname and name letters, year, month letter, day (+40 for women), place code, check letter. Digits may be
// replaced by L-V when two people would share a code ("omocodia").
const CODICE_FISCALE = /(?<![\p{L}\p{N}])[A-Z]{6}[0-9LMNP-V]{2}[ABCDEHLMPRST][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z](?![\p{L}\p{N}])/giu;

/** Italian tax codes (codice fiscale) whose check letter is right. */
export function detectCodiciFiscali(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(CODICE_FISCALE)) {
    if (passesCodiceFiscale(m[0].toUpperCase())) spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
