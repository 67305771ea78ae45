import { dan, deu, fin, fra, ita, nld, nob, pol, por, spa, swe } from 'stopword';
import { isStopWord } from './stopwords.js';

/**
 * Function words of languages other than English ("los", "die", "les"), from the `stopword` package's
 * lists, by ISO 639-1 code. The word block of a theme's vector weighs a word by its rarity in English
 * training texts, so without these lists every foreign function word counted as a rare, telling word
 * and texts of one language looked alike. A list applies only to a text detected in its language: one
 * language's function word can be another's content word (Dutch "door", German "hat").
 */
const BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = {
  da: new Set(dan),
  de: new Set(deu),
  es: new Set(spa),
  fi: new Set(fin),
  fr: new Set(fra),
  it: new Set(ita),
  nb: new Set(nob),
  nl: new Set(nld),
  no: new Set(nob),
  pl: new Set(pol),
  pt: new Set(por),
  sv: new Set(swe),
};

/** Whether `word` (lower case) is a function word of `language`; false for English (see `stopwords.ts`) and unknown languages. */
export function isFunctionWordOf(language: string | undefined, word: string): boolean {
  return language !== undefined && Object.hasOwn(BY_LANGUAGE, language) && BY_LANGUAGE[language].has(word);
}

/**
 * Words of customer feedback that say nothing about what a theme is about ("bitte", "muy", "trop"),
 * beyond the `stopword` lists: kept out of theme labels, as `stopwords.ts` keeps "please" and "really"
 * out of English ones. Not used for clustering vectors.
 */
const FILLER_BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = {
  es: new Set(
    'mucha mucho muchas muchos muy poder puedo favor siempre nunca gracias realmente solo sola ya vez veces entre sobre hacia hasta desde según dos tres cuatro cinco diez son es está están era fue ser estar hay'.split(
      ' ',
    ),
  ),
  fr: new Set('trop plus vais depuis toujours jamais merci vraiment juste encore fois beaucoup tout toute toutes tous deux trois quatre cinq dix'.split(' ')),
  de: new Set('bitte danke leider immer nie total echt mal schon einfach wirklich ständig dauernd endlich gerne zwei drei vier fünf zehn'.split(' ')),
  it: new Set('molto troppo sempre mai grazie favore davvero solo ancora volta tutto tutta tutti tutte due tre quattro cinque dieci essere'.split(' ')),
  pt: new Set('muito muita sempre nunca obrigado obrigada favor realmente só ainda vez dois duas três quatro cinco dez é são está estão era ser'.split(' ')),
  nl: new Set('heel erg altijd nooit graag alsjeblieft echt gewoon steeds weer twee drie vier vijf tien wordt'.split(' ')),
};

/** French and Italian words written elided before a vowel, with an apostrophe ("l'export", "s'arrête", "dell'app"): a regular-expression alternation. */
export const ELIDED_WORDS = 'l|d|s|n|j|c|m|t|qu|dell|dall|nell|sull|all|un';

/** Whether `word` (lower case) is a function or filler word of `language` for theme labels. */
export function isLabelStopWordOf(language: string | undefined, word: string): boolean {
  return isFunctionWordOf(language, word) || (language !== undefined && Object.hasOwn(FILLER_BY_LANGUAGE, language) && FILLER_BY_LANGUAGE[language].has(word));
}

/** English first, then the languages with label filler lists (those the labeler reads phrases of), then the rest: the order ties are settled in. */
const GUESS_ORDER = ['en', ...Object.keys(FILLER_BY_LANGUAGE), ...Object.keys(BY_LANGUAGE).filter((l) => !Object.hasOwn(FILLER_BY_LANGUAGE, l))];

/**
 * The language among English and those with function-word lists whose function and filler words
 * `text` uses most ("Le filigrane sur les photos" → `fr`); on a tie the earlier in `GUESS_ORDER`,
 * undefined when none occurs. A cheap guess for theme labels, which are given texts without their
 * detected language.
 */
export function functionWordLanguage(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  let best: { language: string; hits: number } | undefined;
  for (const language of GUESS_ORDER) {
    const hits = words.filter((w) => (language === 'en' ? isStopWord(w) : isLabelStopWordOf(language, w))).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { language, hits };
  }
  return best?.language;
}
