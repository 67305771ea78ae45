import { alternation } from '../cues.js';
import type { Span } from '../span.js';
import words from './cues/spokenDigits.json' with { type: 'json' };

const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

interface Language {
  run: RegExp;
  digitOf: Map<string, number>;
  repeatOf: Map<string, number>;
}

// One language at a time, so "one two" and "uno due" never mix into one number.
const LANGUAGES: Language[] = Object.entries(words.digits).map(([lang, digits]) => {
  const aliases = (words.aliases as Record<string, Record<string, number>>)[lang] ?? {};
  const repeats = (words.repeats as Record<string, Record<string, number>>)[lang] ?? {};
  const digitOf = new Map<string, number>([...digits.map((w, i) => [w, i] as [string, number]), ...Object.entries(aliases)]);
  const repeatOf = new Map(Object.entries(repeats));
  const word = `(?:${alternation([...digitOf.keys(), ...repeatOf.keys()])})`;
  // A run of at least MIN_DIGITS number words separated by spaces, commas, dots or dashes.
  const run = new RegExp(String.raw`(?<![\p{L}])${word}(?:[\s,.\-–]{1,3}${word}){${MIN_DIGITS - 1},40}(?![\p{L}])`, 'giu');
  return { run, digitOf, repeatOf };
});

function digitCount(run: string, language: Language): number {
  let count = 0;
  let repeat = 1;
  for (const w of run.toLowerCase().split(/[\s,.\-–]+/)) {
    const r = language.repeatOf.get(w);
    if (r !== undefined) {
      repeat = r;
      continue;
    }
    if (language.digitOf.has(w)) count += repeat;
    repeat = 1;
  }
  return count;
}

/** Phone numbers spelled out digit by digit ("five five five, one two three four", "zero seven seven double nine …"). */
export function detectSpelledPhones(text: string): Span[] {
  const spans: Span[] = [];
  for (const language of LANGUAGES) {
    for (const m of text.matchAll(language.run)) {
      const n = digitCount(m[0], language);
      if (n >= MIN_DIGITS && n <= MAX_DIGITS) spans.push({ start: m.index, end: m.index + m[0].length, type: 'phone' });
    }
  }
  return spans;
}
