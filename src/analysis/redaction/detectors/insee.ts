import { passesNirKey } from '../idChecksums.js';
import type { Span } from '../span.js';

// Sex (1, 2; 3, 4, 7, 8 for provisional numbers), year, month, department (2A/2B for Corsica), commune, order, key;
// written compact or in its groups "1 85 05 78 006 084 36".
const NIR = /(?<![\p{L}\p{N}\-\/.,])[1-478](?: ?[0-9AB]){14}(?![\p{L}\p{N}]|[\-\/.,]\d)/gu;
// Months 01-12, or 20 and 30-99 for births whose month is unknown or for provisional registrations.
const MONTH = /^(?:0[1-9]|1[0-2]|[2-9]\d)$/;

/** French social security numbers (NIR, "numéro INSEE") with their two-digit key: structured and checked, so no cue is needed. */
export function detectInseeNumbers(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(NIR)) {
    const compact = m[0].replace(/ /g, '');
    if (MONTH.test(compact.slice(3, 5)) && passesNirKey(compact)) spans.push({ start: m.index, end: m.index + m[0].length, type: 'idnumber' });
  }
  return spans;
}
