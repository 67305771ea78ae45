import type { RedactionType } from './redactor.js';

/** A stretch of the input, [start, end) in UTF-16 code units, holding one kind of personal data. */
export interface Span {
  start: number;
  end: number;
  type: RedactionType;
}

export type Detector = (text: string) => Span[];

/** Collects every match of a global regex as a span; `group` narrows the span to one capture group. */
export function regexSpans(text: string, pattern: RegExp, type: RedactionType, accept?: (match: RegExpExecArray) => boolean): Span[] {
  const spans: Span[] = [];
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (!accept || accept(m)) spans.push({ start: m.index, end: m.index + m[0].length, type });
  }
  return spans;
}

/** The `width` characters before `index`, lower-cased: used to look for cue words such as "call me at". */
export function textBefore(text: string, index: number, width: number): string {
  return text.slice(Math.max(0, index - width), index).toLowerCase();
}
