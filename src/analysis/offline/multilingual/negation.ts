/**
 * Whether a negator takes a cue back: it stands within a few words before the cue, in the same clause
 * ("I would never switch to another tool", "no outage since March"), not before a comma or a word that opens
 * a new clause ("if it isn't fixed we cancel"). The negators and clause words are data of each cue file
 * (churn, problem report), entries in the format of every cue list (`cue-pattern.ts`), compiled here.
 */
import { cueAlternatives, cuePattern, WORD_END, WORD_START } from './cue-pattern.js';

export interface Negation {
  /** A negator as a whole word (anywhere in languages written without spaces). */
  negator: RegExp;
  /** What opens a clause: punctuation, or a word such as "if" or "but". Global. */
  boundary: RegExp;
  /** Written without spaces between words (Japanese, Chinese): the reach counts characters. */
  unspaced: boolean;
}

/** How many words (characters where words are not spaced) before a cue a negator still takes it back. */
export const NEGATION_REACH = 3;

const CLAUSE_PUNCTUATION = '[.,;:!?¿¡。、，；：！？]';

/**
 * Negators as whole words (anywhere where words are not spaced): the first half of a compound ("never-ending",
 * "no-brainer") negates nothing. Matches nothing when there are none.
 */
export function negatorPattern(entries: readonly string[], unspaced: boolean): RegExp {
  return cuePattern(entries, { unspaced, followedBy: unspaced ? '' : `${WORD_END}(?!['-][\\p{L}\\p{N}])`, flags: 'u' });
}

/** Clause punctuation, or one of the clause words as a whole word. */
export function clauseBoundaryPattern(entries: readonly string[]): RegExp {
  return new RegExp(entries.length === 0 ? CLAUSE_PUNCTUATION : `${CLAUSE_PUNCTUATION}|${WORD_START}${cueAlternatives(entries)}${WORD_END}`, 'gu');
}

const SPACE = /\s/u;

/**
 * Where the last `words` space-separated words before `end` start. Only they can hold the negator, and a clause
 * boundary further back (a punctuation mark or a single clause word) cannot cut them, so the test reads a few
 * words whatever the length of the text.
 */
function lastWordsStart(text: string, end: number, words: number): number {
  let start = end;
  for (let word = 0; word < words; word++) {
    while (start > 0 && SPACE.test(text[start - 1])) start--;
    while (start > 0 && !SPACE.test(text[start - 1])) start--;
  }
  return start;
}

/** Whether a negator stands within `reach` words before `index` in the folded text, with no clause boundary between. */
export function negatedBefore(negation: Negation, folded: string, index: number, reach = NEGATION_REACH): boolean {
  // In unspaced text a clause word can reach further back than the characters counted.
  const before = folded.slice(negation.unspaced ? 0 : lastWordsStart(folded, index, reach), index);
  const boundary = [...before.matchAll(negation.boundary)].at(-1);
  const clause = boundary === undefined ? before : before.slice(boundary.index + boundary[0].length);
  const window = negation.unspaced ? Array.from(clause).slice(-reach).join('') : clause.trim().split(/\s+/).slice(-reach).join(' ');
  return negation.negator.test(window);
}
