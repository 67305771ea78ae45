/**
 * The word lists the text rules read, all lower case with apostrophes straightened (data under
 * `resources/text/`, loaded by `src/resources/text.ts`):
 * - `stopWords`: English function words, contractions and the filler of customer feedback ("please",
 *   "really", "just") and spelled-out numbers, which say nothing about what a theme is about.
 * - `functionWords`: function words of languages other than English ("los", "die", "les"), by ISO 639-1
 *   code. The word block of a theme's vector weighs a word by its rarity in English training texts, so
 *   without these lists every foreign function word counted as a rare, telling word and texts of one
 *   language looked alike. A list applies only to a text detected in its language: one language's
 *   function word can be another's content word (Dutch "door", German "hat").
 * - `labelFillerWords`: words of customer feedback that say nothing about what a theme is about ("bitte",
 *   "muy", "trop"), beyond the function words: kept out of theme labels, as `stopWords` keeps "please"
 *   out of English ones. Not used for clustering vectors.
 */
export interface WordLists {
  stopWords: readonly string[];
  functionWords: Readonly<Record<string, readonly string[]>>;
  labelFillerWords: Readonly<Record<string, readonly string[]>>;
}

export interface WordRules {
  /** Whether `word` is an English stop word (any case, curly apostrophes allowed). */
  isStopWord(word: string): boolean;
  /** Whether `word` (lower case) is a function word of `language`; false for English (see `isStopWord`) and unknown languages. */
  isFunctionWordOf(language: string | undefined, word: string): boolean;
  /** Whether `word` (lower case) is a function or filler word of `language` for theme labels. */
  isLabelStopWordOf(language: string | undefined, word: string): boolean;
  /**
   * The language among English and those with function-word lists whose function and filler words
   * `text` uses most ("Le filigrane sur les photos" → `fr`); on a tie the earlier of English, then the
   * languages with label filler lists (those the labeler reads phrases of), then the rest; undefined when
   * none occurs. A cheap guess for theme labels, which are given texts without their detected language.
   */
  functionWordLanguage(text: string): string | undefined;
}

/** French and Italian words written elided before a vowel, with an apostrophe ("l'export", "s'arrête", "dell'app"): a regular-expression alternation. */
export const ELIDED_WORDS = 'l|d|s|n|j|c|m|t|qu|dell|dall|nell|sull|all|un';

export function wordRules(lists: WordLists): WordRules {
  const stopWords: ReadonlySet<string> = new Set(lists.stopWords);
  const byLanguage = setsOf(lists.functionWords);
  const fillerByLanguage = setsOf(lists.labelFillerWords);
  const isStopWord = (word: string) => stopWords.has(word.toLowerCase().replace(/[’‘]/g, "'"));
  const isFunctionWordOf = (language: string | undefined, word: string) =>
    language !== undefined && Object.hasOwn(byLanguage, language) && byLanguage[language].has(word);
  const isLabelStopWordOf = (language: string | undefined, word: string) =>
    isFunctionWordOf(language, word) || (language !== undefined && Object.hasOwn(fillerByLanguage, language) && fillerByLanguage[language].has(word));
  const guessOrder = ['en', ...Object.keys(fillerByLanguage), ...Object.keys(byLanguage).filter((l) => !Object.hasOwn(fillerByLanguage, l))];
  return {
    isStopWord,
    isFunctionWordOf,
    isLabelStopWordOf,
    functionWordLanguage(text) {
      const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
      let best: { language: string; hits: number } | undefined;
      for (const language of guessOrder) {
        const hits = words.filter((w) => (language === 'en' ? isStopWord(w) : isLabelStopWordOf(language, w))).length;
        if (hits > 0 && (!best || hits > best.hits)) best = { language, hits };
      }
      return best?.language;
    },
  };
}

function setsOf(lists: Readonly<Record<string, readonly string[]>>): Readonly<Record<string, ReadonlySet<string>>> {
  return Object.fromEntries(Object.entries(lists).map(([language, words]) => [language, new Set(words)]));
}
