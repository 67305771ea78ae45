/**
 * The stub analyzer's language rule: the script for texts that are not in Latin letters, else the language
 * whose handful of everyday words the text uses most (English when none of them).
 */
const SCRIPTS: readonly [RegExp, string][] = [
  [/[\u3040-\u30ff]/u, 'ja'],
  [/[\u4e00-\u9fff]/u, 'zh'],
  [/[\uac00-\ud7af]/u, 'ko'],
  [/[\u0400-\u04ff]/u, 'ru'],
  [/[\u0600-\u06ff]/u, 'ar'],
  [/[\u0370-\u03ff]/u, 'el'],
];

const WORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'is', 'it', 'to', 'not', 'my', 'with', 'this', 'you', 'of', 'i'],
  es: ['el', 'la', 'los', 'las', 'es', 'no', 'funciona', 'con', 'para', 'por', 'muy', 'que', 'pero'],
  fr: ['le', 'les', 'est', 'ne', 'pas', 'avec', 'pour', 'très', 'une', 'je', 'et', 'mais'],
  de: ['der', 'die', 'das', 'ist', 'nicht', 'und', 'mit', 'ich', 'sehr', 'ein', 'eine', 'aber'],
  pt: ['não', 'está', 'com', 'muito', 'uma', 'os', 'em', 'mas', 'você', 'funciona'],
  it: ['il', 'non', 'è', 'della', 'con', 'molto', 'per', 'che', 'una', 'ma'],
  nl: ['het', 'niet', 'een', 'en', 'ik', 'met', 'van', 'werkt', 'maar', 'heel'],
};

export function stubLanguage(text: string): string {
  for (const [script, language] of SCRIPTS) if (script.test(text)) return language;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 'und';
  let best = 'en';
  let bestHits = 0;
  for (const [language, list] of Object.entries(WORDS)) {
    const hits = words.filter((word) => list.includes(word)).length;
    if (hits > bestHits) [best, bestHits] = [language, hits];
  }
  return best;
}
