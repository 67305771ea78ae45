import { InvalidModelOutputError } from './llm-error.js';

export const MAX_LABEL_CHARS = 60;
export const MAX_LABEL_WORDS = 6;

/**
 * Turns a model's free-text reply into a label: first non-empty line, without a "Label:" prefix, wrapping quotes,
 * markdown emphasis or trailing punctuation; at most 6 words and 60 characters (cut at a word boundary).
 * Throws `InvalidModelOutputError` when nothing usable remains.
 */
export function normalizeLabel(reply: unknown): string {
  if (typeof reply !== 'string') throw new InvalidModelOutputError('label reply is not text');
  const line =
    reply
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const cleaned = line
    .replace(/^(theme|label|title)\s*:\s*/i, '')
    .replace(/^[\s"'“”‘’`*_#-]+|[\s"'“”‘’`*_.!?,;:]+$/g, '')
    .replace(/\s+/g, ' ');
  const words = cleaned
    .split(' ')
    .filter((w) => w !== '')
    .slice(0, MAX_LABEL_WORDS);
  let label = '';
  for (const word of words) {
    const next = label ? `${label} ${word}` : word;
    if (next.length > MAX_LABEL_CHARS) break;
    label = next;
  }
  // A single word longer than the limit: hard cut rather than nothing.
  if (label === '' && words.length > 0) label = words[0].slice(0, MAX_LABEL_CHARS);
  if (label === '') throw new InvalidModelOutputError('empty label');
  return label;
}
