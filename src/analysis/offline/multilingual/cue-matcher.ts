/**
 * Compiles the cue lexicons into one regular expression per category and counts matches in a text.
 */
import { CONSTRUCTION_CUES, type ConstructionCues } from './construction-cues.js';
import { CUE_LEXICONS, type CueLexicon } from './cue-lexicons.js';

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
/** Languages written without spaces: cues match anywhere. */
const UNSPACED = new Set(['ja', 'zh']);

/** Lower-case, accents removed, apostrophes unified, spaces collapsed: how both cues and texts are compared. */
export function foldText(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Turkish dotless ı: customers on keyboards without it type i.
      .replace(/ı/g, 'i')
      .replace(/[’`´]/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function compile(entries: readonly string[], unspaced: boolean): RegExp {
  // An empty alternation would match everywhere.
  if (entries.length === 0) return /(?!)/gu;
  const alternatives = entries.map((entry) => foldText(entry).replace(/_$/, '(?![\\p{L}])'));
  const start = unspaced ? '' : '(?<![\\p{L}\\p{N}])';
  return new RegExp(`${start}(?:${alternatives.join('|')})`, 'gu');
}

export interface CompiledLexicon {
  language: string;
  patterns: Record<CueCategory, RegExp>;
  /** Question cues that count only at the start of the text (spaced languages). */
  questionAtStart: RegExp;
  /** A negator as the last word before a cue: `(negator)( word){0,1} $`. */
  negatedBefore: RegExp | undefined;
  unspaced: boolean;
}

const compiled = new Map<string, CompiledLexicon>(
  Object.entries(CUE_LEXICONS).map(([language, lexicon]) => {
    const unspaced = UNSPACED.has(language);
    const constructions = CONSTRUCTION_CUES[language] ?? { removal: [], rhetorical: [], repetition: [], negators: [] };
    const patterns = Object.fromEntries([
      ...WORD_CATEGORIES.map((c) => [c, compile(lexicon[c], unspaced)]),
      ...CONSTRUCTION_CATEGORIES.map((c) => [c, compile(constructions[c], unspaced)]),
    ]) as Record<CueCategory, RegExp>;
    const negators = constructions.negators.map((n) => foldText(n).replace(/'$/, "'"));
    const negatedBefore =
      negators.length === 0 ? undefined : new RegExp(`(?<![\\p{L}])(?:${negators.join('|')})(?:(?<=')|\\s+)(?:[\\p{L}']+\\s+){0,${NEGATION_WINDOW - 1}}$`, 'u');
    const questionAtStart = new RegExp(`^[¿¡"'(\\s]*(?:${lexicon.question.map((q) => foldText(q).replace(/_$/, '(?![\\p{L}])')).join('|')})(?![\\p{L}])`, 'u');
    return [language, { language, patterns, questionAtStart, negatedBefore, unspaced }];
  }),
);

export const CUE_LANGUAGES: readonly string[] = [...compiled.keys()];

export function lexiconFor(language: string): CompiledLexicon | undefined {
  return compiled.get(language);
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
    lexicon.negatedBefore ? [...folded.matchAll(lexicon.patterns[category])].filter((m) => lexicon.negatedBefore!.test(folded.slice(0, m.index))).length : 0;
  const [negatedPositive, negatedNegative] = [negated('positive'), negated('negative')];
  counts.positive += negatedNegative - negatedPositive;
  counts.negative += negatedPositive - negatedNegative;
  const opener = /^[\p{L}']+(?=\s*[,!.…])/u.exec(folded);
  counts.praisingOpener = !lexicon.unspaced && opener !== null && new RegExp(`^(?:${lexicon.patterns.positive.source})`, 'u').test(opener[0]);
  return counts;
}
