import type { Span } from '../../../../src/analysis/redaction/span.js';

/** The substrings a detector found, for readable assertions. */
export function found(text: string, spans: Span[]): string[] {
  return spans.map((s) => text.slice(s.start, s.end));
}
