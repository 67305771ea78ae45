import type { RedactionType } from './redactor.js';
import type { Span } from './span.js';

/**
 * Checksummed and strongly structured types outrank fuzzy ones when spans overlap:
 * a Luhn-valid card beats a phone reading of the same digits, an email beats the name inside it, a checked
 * national id number beats a card or phone reading of its digits.
 */
const SPECIFICITY: Record<RedactionType, number> = {
  secret: 9,
  idnumber: 8,
  card: 7,
  iban: 7,
  email: 6,
  ip: 5,
  birthdate: 5,
  phone: 4,
  address: 3,
  name: 1,
};

function outranks(a: Span, b: Span): boolean {
  if (SPECIFICITY[a.type] !== SPECIFICITY[b.type]) return SPECIFICITY[a.type] > SPECIFICITY[b.type];
  return a.end - a.start > b.end - b.start;
}

/**
 * Turns overlapping findings into disjoint spans. Overlapping spans are merged into their union so no
 * fragment of personal data leaks out beside a placeholder; the merged span takes the type of its most
 * specific (then longest) member. Spans touching a protected range (an existing placeholder) are dropped.
 */
export function resolveSpans(spans: Span[], protectedRanges: Array<{ start: number; end: number }> = []): Span[] {
  const candidates = spans
    .filter((s) => s.end > s.start)
    .filter((s) => !protectedRanges.some((p) => s.start < p.end && p.start < s.end))
    .sort((a, b) => a.start - b.start || b.end - a.end);

  const resolved: Span[] = [];
  let best: Span | undefined;
  for (const span of candidates) {
    const last = resolved[resolved.length - 1];
    if (last && span.start < last.end && best) {
      if (outranks(span, best)) best = span;
      last.end = Math.max(last.end, span.end);
      last.type = best.type;
    } else {
      best = span;
      resolved.push({ ...span });
    }
  }
  return resolved;
}
