import { textBefore } from './span.js';

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An alternation of cue words (a space in a cue matches any run of spaces), longest first so "date of birth" wins over "date". */
export function alternation(words: readonly string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegex(w.toLowerCase()).replace(/ /g, '\\s+'))
    .join('|');
}

/**
 * A test for "a cue word, then at most `gap` characters holding no digit, line break or placeholder bracket" at the
 * end of the lower-cased text before a finding ("my SSN is 123…", "passport number every time: 532…").
 */
export function cueBeforePattern(words: readonly string[], gap: number): RegExp {
  return new RegExp(String.raw`(?:^|[^\p{L}\p{N}])(?:${alternation(words)})(?![\p{L}])[^\p{N}\n\[\]]{0,${gap}}$`, 'u');
}

/** True when `pattern` (from cueBeforePattern) matches just before `index`. */
export function hasCueBefore(text: string, index: number, pattern: RegExp, width = 60): boolean {
  return pattern.test(textBefore(text, index, width));
}
