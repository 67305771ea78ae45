/**
 * Compiles the cue lexicons into one regular expression per category and counts matches in a text. Entries are
 * in the format of every cue list (`cue-pattern.ts`).
 */
import type { ConstructionCues } from './construction-cues.js';
import type { CueLexicon } from './cue-lexicon.js';
import { CONSTRUCTION_CUES, CUE_LEXICONS } from './cue-lexicons.js';
import { cueAlternatives, cuePattern, foldText, writtenWithoutSpaces } from './cue-pattern.js';

export type CueCategory = keyof CueLexicon | Exclude<keyof ConstructionCues, 'negators'>;
export type CueCounts = Record<CueCategory, number> & {
  /** The text opens with a praise word set off by punctuation ("ottimo, …", "geweldig! …"). */
  praisingOpener: boolean;
};

const WORD_CATEGORIES = ['positive', 'negative', 'bug', 'complaint', 'request', 'question', 'resolved', 'gratitude'] as const;
const CONSTRUCTION_CATEGORIES = ['removal', 'rhetorical', 'repetition'] as const;
const CATEGORIES: readonly CueCategory[] = [...WORD_CATEGORIES, ...CONSTRUCTION_CATEGORIES];
/** How many words before a praise or dissatisfaction word a negator still reverses it. */
const NEGATION_WINDOW = 3;

export interface CompiledLexicon {
  language: string;
  patterns: Record<CueCategory, RegExp>;
  /** Question cues that count only at the start of the text (spaced languages). */
  questionAtStart: RegExp;
  /** A negator as the last word before a cue: `(negator)( word){0,1} $`. */
  negatedBefore: RegExp | undefined;
  /** Length of the longest negator. */
  longestNegator: number;
  unspaced: boolean;
}

const compiled = new Map<string, CompiledLexicon>(
  Object.entries(CUE_LEXICONS).map(([language, lexicon]) => {
    const unspaced = writtenWithoutSpaces(language);
    const constructions = CONSTRUCTION_CUES[language] ?? { removal: [], rhetorical: [], repetition: [], negators: [] };
    const patterns = Object.fromEntries([
      ...WORD_CATEGORIES.map((c) => [c, cuePattern(lexicon[c], { unspaced })]),
      ...CONSTRUCTION_CATEGORIES.map((c) => [c, cuePattern(constructions[c], { unspaced })]),
    ]) as Record<CueCategory, RegExp>;
    const { negators } = constructions;
    const negatedBefore =
      negators.length === 0
        ? undefined
        : new RegExp(`(?<![\\p{L}])${cueAlternatives(negators)}(?:(?<=')|\\s+)(?:[\\p{L}']+\\s+){0,${NEGATION_WINDOW - 1}}$`, 'u');
    const questionAtStart = new RegExp(`^[¿¡"'(\\s]*${cueAlternatives(lexicon.question)}(?![\\p{L}])`, 'u');
    const longestNegator = Math.max(0, ...negators.map((n) => foldText(n).length));
    return [language, { language, patterns, questionAtStart, negatedBefore, longestNegator, unspaced }];
  }),
);

export const CUE_LANGUAGES: readonly string[] = [...compiled.keys()];

export function lexiconFor(language: string): CompiledLexicon | undefined {
  return compiled.get(language);
}

const WORD_CHAR = /[\p{L}']/u;
const SPACE = /\s/u;

/** The character (code point) that ends just before `index`. */
function charBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  const high = index >= 2 ? text.charCodeAt(index - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(index - 2, index) : text[index - 1];
}

/** `index`, or one before it when it would split a surrogate pair. */
function codePointStart(text: string, index: number): number {
  return index > 0 && charBefore(text, index + 1).length === 2 ? index - 1 : index;
}

/**
 * Where `negatedBefore` can start matching for a cue at `end`. A match spans the negator and at most
 * NEGATION_WINDOW - 1 words after it, each a run of letters and apostrophes ending in whitespace, so
 * it starts within the last NEGATION_WINDOW runs; in the furthest of them only a negator ending the
 * run fits (one glued to a word by its apostrophe, "n'aime", would need one word too many). When the
 * cue follows no space, only a glued negator ending right before it can match.
 * Testing the whole text before every cue read it again for each cue, and a long run of glued
 * negators ("n'n'n'…") made each failing start read to the end: quadratic. Here the regular
 * expression reads a few runs, and in the furthest run at most one negator's length of starts can fail
 * late. Exported for tests of that bound.
 */
export function negationWindowStart(lexicon: CompiledLexicon, folded: string, end: number): number {
  if (end === 0) return 0;
  const negatorReach = lexicon.longestNegator + 1;
  if (!SPACE.test(charBefore(folded, end))) return Math.max(0, codePointStart(folded, end - negatorReach));
  let start = end;
  for (let run = 0; run < NEGATION_WINDOW; run++) {
    while (start > 0 && SPACE.test(charBefore(folded, start))) start -= charBefore(folded, start).length;
    const runEnd = start;
    while (start > 0 && WORD_CHAR.test(charBefore(folded, start))) start -= charBefore(folded, start).length;
    if (start === runEnd) break;
    if (run === NEGATION_WINDOW - 1) return Math.max(start, codePointStart(folded, runEnd - negatorReach));
  }
  return start;
}

/**
 * How many cues of each category occur in the (already folded) text. A negated praise word counts as
 * dissatisfaction ("non mi piace") and a negated dissatisfaction word as praise ("niet slecht").
 */
export function countCues(lexicon: CompiledLexicon, folded: string): CueCounts {
  const counts = { praisingOpener: false } as CueCounts;
  for (const category of CATEGORIES) counts[category] = folded.match(lexicon.patterns[category])?.length ?? 0;
  if (!lexicon.unspaced) counts.question = lexicon.questionAtStart.test(folded) ? 1 : 0;
  const negated = (category: 'positive' | 'negative') =>
    lexicon.negatedBefore
      ? [...folded.matchAll(lexicon.patterns[category])].filter((m) =>
          lexicon.negatedBefore!.test(folded.slice(negationWindowStart(lexicon, folded, m.index), m.index)),
        ).length
      : 0;
  const [negatedPositive, negatedNegative] = [negated('positive'), negated('negative')];
  counts.positive += negatedNegative - negatedPositive;
  counts.negative += negatedPositive - negatedNegative;
  const opener = /^[\p{L}']+(?=\s*[,!.…])/u.exec(folded);
  counts.praisingOpener = !lexicon.unspaced && opener !== null && new RegExp(`^(?:${lexicon.patterns.positive.source})`, 'u').test(opener[0]);
  return counts;
}
