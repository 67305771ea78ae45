import { REDACTION_TYPES, type RedactionType } from './redactor.js';

export function placeholderFor(type: RedactionType): string {
  return `[${type}]`;
}

const PLACEHOLDER = new RegExp(`\\[(?:${REDACTION_TYPES.join('|')})\\]`, 'g');

/** Ranges of placeholders already present, so a second pass leaves them (and anything touching them) alone. */
export function findPlaceholders(text: string): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  for (const m of text.matchAll(PLACEHOLDER)) ranges.push({ start: m.index, end: m.index + m[0].length });
  return ranges;
}
