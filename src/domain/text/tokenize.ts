import { REDACTION_TYPES } from '../feedback/redaction-types.js';
import { replaceLinksAndEmails } from './email-like.js';
import { ELIDED_WORDS, type WordRules } from './function-words.js';

/**
 * Tokenisation for theme labels: lower-case words without redaction placeholders (`[email]`,
 * `[name]`, ...), URLs, e-mail addresses, numbers or stop words; plurals lightly normalised.
 * Pure and deterministic.
 */

const PLACEHOLDER = new RegExp(`\\[(?:${REDACTION_TYPES.join('|')})\\]`, 'gi');
/** A word: letters (any script), inner apostrophes or hyphens allowed ("can't", "sign-in"). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*/gu;
const SEPARATOR = '\u0000';

/** The text without redaction placeholders (`[email]`, `[name]`, ...). */
export function stripPlaceholders(text: string): string {
  return text.replace(PLACEHOLDER, ' ');
}

/** Lower-cases and removes what never names a theme; sentence breaks become `SEPARATOR` so bigrams do not cross them. */
function clean(text: string): string {
  return replaceLinksAndEmails(text.replace(PLACEHOLDER, ` ${SEPARATOR} `), ` ${SEPARATOR} `)
    .replace(/[’‘`]/g, "'")
    .replace(/[.!?;:,()[\]{}"“”/|…–—]+/g, ` ${SEPARATOR} `)
    .toLowerCase();
}

/** Plurals of words ending in "ie" ("cookies" → "cookie", not "cooky"). */
const IE_PLURALS = /^(?:cookies|movies|selfies|zombies|calories|smoothies|goodies|newbies|freebies|hoodies|rookies|techies|ties|lies|pies)$/;

/** Words ending in "s" that are not plurals. */
const INVARIANT = new Set(['kudos', 'news', 'series', 'species', 'lens', 'gas', 'canvas', 'atlas', 'alias', 'ios', 'macos', 'always', 'perhaps']);

/**
 * Light plural normalisation: "notifications" → "notification", "charges" → "charge",
 * "crashes" → "crash", "queries" → "query". Leaves "status", "analysis", "access" alone.
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("'s")) return word.slice(0, -2);
  if (IE_PLURALS.test(word)) return word.slice(0, -1);
  if (/[^aeiou]ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|zz)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is|ous|ics)$/.test(word) || INVARIANT.has(word)) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * A looser stem, for comparing vocabularies (not for display): singular, then common verb endings
 * ("crashed", "crashing" → "crash"; "uploading" → "upload"), a final "e" and doubled consonants.
 */
export function stem(word: string): string {
  let w = singular(word.toLowerCase().replace(/[’‘]/g, "'"));
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es')) w = w.slice(0, -2);
  if (w.length > 3 && /([bcdfgklmnprstvz])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** French and Italian elided articles, pronouns and prepositions ("s'arrête", "dell'app"): the word without them. */
const ELIDED = new RegExp(`^(?:${ELIDED_WORDS})'(?=\\p{L})`, 'u');
const withoutElision = (token: string, language: string | undefined) => (language === 'fr' || language === 'it' ? token.replace(ELIDED, '') : token);

export interface Tokenizer {
  /**
   * Runs of consecutive usable words (lower-case, singular); stop words, numbers and punctuation split runs.
   * With a `language`, its function and filler words ("de", "las", "bitte") split runs too.
   */
  contentRuns(text: string, language?: string): string[][];
  /** The usable words of a text, in order. */
  contentWords(text: string): string[];
  /** Usable words and the bigrams of adjacent usable words ("password reset"): per run, its words then its bigrams. */
  terms(text: string, options?: { bigrams?: boolean; language?: string }): string[];
}

/** The tokenisation rules over the word lists of `words`. */
export function tokenizer(words: Pick<WordRules, 'isStopWord' | 'isLabelStopWordOf'>): Tokenizer {
  const { isStopWord, isLabelStopWordOf } = words;
  const usable = (token: string, language: string | undefined): boolean =>
    token.length >= 2 && !/\p{N}/u.test(token) && !isStopWord(token) && !isStopWord(singular(token)) && !isLabelStopWordOf(language, token);

  const contentRuns = (text: string, language?: string): string[][] => {
    const runs: string[][] = [];
    let run: string[] = [];
    const flush = () => {
      if (run.length > 0) runs.push(run);
      run = [];
    };
    for (const chunk of clean(text).split(SEPARATOR)) {
      for (const match of chunk.matchAll(WORD)) {
        const token = withoutElision(match[0].replace(/^-+|-+$/g, ''), language);
        if (usable(token, language)) run.push(singular(token));
        else flush();
      }
      flush();
    }
    return runs;
  };

  return {
    contentRuns,
    contentWords: (text) => contentRuns(text).flat(),
    terms(text, options = {}) {
      const out: string[] = [];
      for (const run of contentRuns(text, options.language)) {
        out.push(...run);
        if (options.bigrams !== false) for (let i = 0; i + 1 < run.length; i++) if (run[i] !== run[i + 1]) out.push(`${run[i]} ${run[i + 1]}`);
      }
      return out;
    },
  };
}

const withoutAccents = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');

/**
 * Every word of a text, in order and none dropped (stop words count: "sign in" is two words), stemmed
 * and without accents, as runs that punctuation, links and placeholders split: for matching keyword
 * phrases as consecutive stems. Keywords and texts must both go through it.
 */
export function matchingStemRuns(text: string, language?: string): string[][] {
  const runs: string[][] = [];
  for (const chunk of clean(text).split(SEPARATOR)) {
    const run = [...chunk.matchAll(WORD)].map((match) => stem(withoutAccents(withoutElision(match[0].replace(/^-+|-+$/g, ''), language))));
    const words = run.filter((word) => word.length > 0);
    if (words.length > 0) runs.push(words);
  }
  return runs;
}
