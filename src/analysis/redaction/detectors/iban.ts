import { passesIbanMod97 } from '../checksums.js';
import type { Span } from '../span.js';

// Registered IBAN lengths (ISO 13616) for the countries customers most often write from.
const IBAN_LENGTH: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
  AE: 23,
  SA: 24,
  BR: 29,
  IL: 23,
  QA: 29,
  UA: 29,
  RS: 22,
  ME: 22,
  MK: 19,
  BA: 20,
  AL: 28,
  XK: 20,
  KW: 30,
  JO: 30,
  LB: 28,
};

// Country code + check digits, then up to 32 more alphanumerics in groups separated by single spaces.
const IBAN_CANDIDATE = /(?<![\p{L}\p{N}])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){8,32}/gu;

/** IBANs written compact or in groups, accepted only at the country's registered length and with a valid mod-97 check. */
export function detectIbans(text: string): Span[] {
  const spans: Span[] = [];
  const re = new RegExp(IBAN_CANDIDATE);
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // The candidate may run into following words; resume right after the country code so nothing is skipped.
    re.lastIndex = m.index + 2;
    const expected = IBAN_LENGTH[m[0].slice(0, 2).toUpperCase()];
    if (!expected) continue;
    // Walk the candidate and cut it where the compact form reaches the expected length.
    let compact = '';
    let cut = -1;
    for (let i = 0; i < m[0].length; i++) {
      const ch = m[0][i];
      if (ch === ' ') continue;
      compact += ch.toUpperCase();
      if (compact.length === expected) {
        cut = i + 1;
        break;
      }
    }
    if (cut < 0 || /[\p{L}\p{N}]/u.test(text[m.index + cut] ?? '')) continue;
    if (!passesIbanMod97(compact)) continue;
    spans.push({ start: m.index, end: m.index + cut, type: 'iban' });
    re.lastIndex = m.index + cut;
  }
  return spans;
}
