import { passesLuhn } from '../checksums.js';
import type { Span } from '../span.js';

// Runs of digit groups joined by single spaces, dashes or dots; each run is then split into candidate cards.
const DIGIT_RUN = /(?<![\p{L}\p{N}_.,\/-])\d+(?:[ .-]\d+)*(?![\p{L}\p{N}_]|[,\/]\d)/gu;
const DOTTED_GROUP = /^\d{4,6}$/;

// Card numbers start with a known issuer digit: 2/5 Mastercard, 3 Amex/Diners/JCB, 4 Visa, 6 Discover/UnionPay.
const ISSUER_PREFIX = /^[2-6]/;

function isCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && ISSUER_PREFIX.test(digits) && passesLuhn(digits);
}

type Group = { start: number; end: number };

// Dots may join card-like groups (4111.1111.1111.1111, 3782.822463.10005), never a decimal such as 3.14159265358979.
function separatorsFit(text: string, groups: Group[]): boolean {
  if (!text.slice(groups[0].start, groups[groups.length - 1].end).includes('.')) return true;
  return groups.length >= 3 && groups.every((g) => DOTTED_GROUP.test(text.slice(g.start, g.end)));
}

/** Payment card numbers of 13-19 digits, optionally grouped by spaces, dashes or dots, that pass the Luhn check. */
export function detectCards(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups: Group[] = [];
    for (const g of run[0].matchAll(/\d+/g)) groups.push({ start: run.index + g.index, end: run.index + g.index + g[0].length });
    // Try the longest sequence of whole groups from each starting group (a run may hold a card plus other numbers).
    let i = 0;
    while (i < groups.length) {
      let matchedEnd = -1;
      let digits = '';
      for (let j = i; j < groups.length && digits.length < 19; j++) {
        digits += text.slice(groups[j].start, groups[j].end);
        if (isCardNumber(digits) && separatorsFit(text, groups.slice(i, j + 1))) matchedEnd = j;
      }
      if (matchedEnd >= 0) {
        spans.push({ start: groups[i].start, end: groups[matchedEnd].end, type: 'card' });
        i = matchedEnd + 1;
      } else {
        i++;
      }
    }
  }
  return spans;
}
