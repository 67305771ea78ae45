import data from '../../../resources/keyword-translations.json' with { type: 'json' };
import { keywordStems, type DefinedKeyword } from '../../domain/cluster/defined-match.js';

type Translations = Record<string, Partial<Record<string, string[]>>>;
const TRANSLATIONS: Translations = data.translations;

/**
 * A defined theme's keyword with the phrases that count as naming it: the keyword itself in every
 * language, and its usual translations (resources/keyword-translations.json) for items of each language.
 */
export function expandKeyword(keyword: string): DefinedKeyword {
  const translated = Object.hasOwn(TRANSLATIONS, keyword) ? TRANSLATIONS[keyword] : {};
  return {
    keyword,
    phrases: [
      { stems: keywordStems(keyword) },
      ...Object.entries(translated).flatMap(([language, words]) => (words ?? []).map((word) => ({ stems: keywordStems(word, language), language }))),
    ],
  };
}
