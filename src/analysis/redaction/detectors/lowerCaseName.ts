import { textBefore, type Span } from '../span.js';
import { isCommonWord, isGivenName, isLastName } from './lexicon.js';
import { CUE_BEFORE_LOWER_CASE_NAME, CUES_AFTER_LOWER_CASE_NAME } from './nameCues.js';
import { AMBIGUOUS_WORDS, FUNCTION_WORDS, NOT_NAMES_IN_LOWER_CASE, PRODUCT_WORDS } from './nameGuards.js';

// A lower-case word on its own, not part of an email, a URL or a handle ("marco's" is still "marco").
const LOWER_CASE_WORD = /(?<![\p{L}\p{N}_@.\/'’\-])\p{Ll}{2,}(?![\p{L}\p{N}_@]|[.\/\-][\p{L}\p{N}])/gu;
const NEXT_WORD = /^\s(\p{Ll}{3,}(?:-\p{Ll}{2,})?)(?![\p{L}\p{N}_@]|[.\/'’\-][\p{L}\p{N}])/u;
const CHAT_WORDS = new Set(['asap', 'pls', 'plz', 'thx', 'btw', 'fyi', 'tbh', 'imo', 'lol', 'tho', 'cuz', 'aka', 'etc']);

function isEverydayWord(word: string): boolean {
  return FUNCTION_WORDS.has(word) || PRODUCT_WORDS.has(word) || CHAT_WORDS.has(word) || NOT_NAMES_IN_LOWER_CASE.has(word) || isCommonWord(word);
}

// "zelda quintrell": the next word is a surname when the lexicon says so, or when it is no word the lexicon knows in
// any form (so "zelda never", "marco promised", "anna yesterday" keep their second word).
function isSurname(word: string): boolean {
  return isLastName(word) || (!isGivenName(word) && !isEverydayWord(word));
}

function cueBefore(text: string, index: number): boolean {
  return CUE_BEFORE_LOWER_CASE_NAME.test(textBefore(text, index, 50));
}

/**
 * Names written in lower case ("my account manager zelda quintrell", "thanks to marco from support"). In lower case
 * nothing else sets a name apart, so a cue word is always needed: a first name the lexicon is sure of needs one cue
 * (and takes a surname after it), any other word needs one on each side ("gracias a nuria de soporte").
 */
export function detectLowerCaseNames(text: string): Span[] {
  const spans: Span[] = [];
  const teamCueStarts = new Set([...text.matchAll(CUES_AFTER_LOWER_CASE_NAME)].map((m) => m.index));
  for (const m of text.matchAll(LOWER_CASE_WORD)) {
    const word = m[0];
    const firstEnd = m.index + word.length;
    const afterFirst = teamCueStarts.has(firstEnd);
    if (!isGivenName(word) || AMBIGUOUS_WORDS.has(word) || NOT_NAMES_IN_LOWER_CASE.has(word) || PRODUCT_WORDS.has(word)) {
      if (afterFirst && !isEverydayWord(word) && cueBefore(text, m.index)) spans.push({ start: m.index, end: firstEnd, type: 'name' });
      continue;
    }
    const next = afterFirst ? null : NEXT_WORD.exec(text.slice(firstEnd, firstEnd + 40));
    const end = next && isSurname(next[1]) ? firstEnd + next[0].length : firstEnd;
    if (afterFirst || teamCueStarts.has(end) || cueBefore(text, m.index)) spans.push({ start: m.index, end, type: 'name' });
  }
  return spans;
}
