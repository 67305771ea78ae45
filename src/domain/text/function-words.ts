import { dan, deu, fin, fra, ita, nld, nob, pol, por, spa, swe } from 'stopword';

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
