/**
 * Compiles the cue lexicons into one regular expression per category and counts matches in a text.
 */
import { CUE_LEXICONS, type CueLexicon } from './cue-lexicons.js';

export type CueCategory = keyof CueLexicon;
export type CueCounts = Record<CueCategory, number>;

const CATEGORIES: readonly CueCategory[] = ['positive', 'negative', 'bug', 'complaint', 'request', 'question', 'resolved', 'gratitude'];
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
  const alternatives = entries.map((entry) => foldText(entry).replace(/_$/, '(?![\\p{L}])'));
  const start = unspaced ? '' : '(?<![\\p{L}\\p{N}])';
  return new RegExp(`${start}(?:${alternatives.join('|')})`, 'gu');
}

export interface CompiledLexicon {
  language: string;
  patterns: Record<CueCategory, RegExp>;
  /** Question cues that count only at the start of the text (spaced languages). */
  questionAtStart: RegExp;
  unspaced: boolean;
}

const compiled = new Map<string, CompiledLexicon>(
  Object.entries(CUE_LEXICONS).map(([language, lexicon]) => {
    const unspaced = UNSPACED.has(language);
    const patterns = Object.fromEntries(CATEGORIES.map((c) => [c, compile(lexicon[c], unspaced)])) as Record<CueCategory, RegExp>;
    const questionAtStart = new RegExp(`^[¿¡"'(\\s]*(?:${lexicon.question.map((q) => foldText(q).replace(/_$/, '(?![\\p{L}])')).join('|')})(?![\\p{L}])`, 'u');
    return [language, { language, patterns, questionAtStart, unspaced }];
  }),
);

export const CUE_LANGUAGES: readonly string[] = [...compiled.keys()];

export function lexiconFor(language: string): CompiledLexicon | undefined {
  return compiled.get(language);
}

/** How many cues of each category occur in the (already folded) text. */
export function countCues(lexicon: CompiledLexicon, folded: string): CueCounts {
  const counts = {} as CueCounts;
  for (const category of CATEGORIES) counts[category] = folded.match(lexicon.patterns[category])?.length ?? 0;
  if (!lexicon.unspaced) counts.question = lexicon.questionAtStart.test(folded) ? 1 : 0;
  return counts;
}
