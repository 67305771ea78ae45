import { matchingStemRuns } from '../text/tokenize.js';
import { addVectors, cosineSimilarity, unitVector } from './vectors.js';

/** One keyword of a defined theme: the phrases that count as naming it (itself, and its translations by language). */
export interface DefinedKeyword {
  keyword: string;
  /** Each phrase as consecutive stems (`keywordStems`); `language` undefined: it applies to items of any language. */
  phrases: readonly { stems: readonly string[]; language?: string }[];
}

/** A defined theme as the matcher sees it; the keyword lists come expanded (translations) from outside the domain. */
export interface DefinedTheme {
  clusterId: string;
  /** When it was defined: of two themes with the same score, the earlier-defined wins. */
  definedAt: string;
  keywords: readonly DefinedKeyword[];
  /** Sum of its members' clustering vectors; absent while it has none. */
  centre?: readonly number[];
  /** The clustering vector of what the product manager wrote (label, keywords, description); absent when not embedded. */
  definition?: readonly number[];
  /** The join threshold of its embedding model. */
  joinThreshold: number;
}

export interface MatchableItem {
  text: string;
  language?: string;
  /** The item's clustering vector (same model as the themes). */
  vector?: readonly number[];
}

export type MatchReason = { kind: 'keywords'; keywords: string[] } | { kind: 'meaning'; similarity: number };

export interface DefinedMatch {
  clusterId: string;
  score: number;
  why: MatchReason;
}

/** A keyword or translation as the stems it must appear as, in order (white space and punctuation between words do not matter). */
export const keywordStems = (phrase: string, language?: string): string[] => matchingStemRuns(phrase, language).flat();

/**
 * The defined theme an item belongs to, if any:
 * - **keywords**: the item names a keyword when one of its phrases (the keyword, or a translation for the
 *   item's language) appears as consecutive stems in the item's text; score 1 + the number of the theme's
 *   distinct keywords named (so 2 at least);
 * - **meaning**, only when no keyword of that theme is named: the cosine of the item's vector to the theme's
 *   meaning (the direction of its members' centre plus that of its definition, or whichever of the two it
 *   has), when it is at least the model's join threshold; score the cosine (at most 1, so weaker than any
 *   keyword match).
 * The highest score wins; a tie goes to the earlier-defined theme, then the smaller id.
 */
export function matchDefinedTheme(item: MatchableItem, themes: readonly DefinedTheme[]): DefinedMatch | undefined {
  const runs = matchingStemRuns(item.text, item.language);
  let best: { match: DefinedMatch; theme: DefinedTheme } | undefined;
  for (const theme of themes) {
    const match = scoreTheme(theme, runs, item);
    if (match && (!best || beats(match, theme, best.match, best.theme))) best = { match, theme };
  }
  return best?.match;
}

function scoreTheme(theme: DefinedTheme, runs: readonly string[][], item: MatchableItem): DefinedMatch | undefined {
  const named = theme.keywords
    .filter(({ phrases }) => phrases.some((phrase) => appliesTo(phrase.language, item.language) && containsPhrase(runs, phrase.stems)))
    .map(({ keyword }) => keyword);
  if (named.length > 0) return { clusterId: theme.clusterId, score: 1 + named.length, why: { kind: 'keywords', keywords: named } };
  const meaning = item.vector ? meaningOf(theme, item.vector.length) : undefined;
  if (!meaning || !item.vector) return undefined;
  const similarity = cosineSimilarity(item.vector, meaning);
  return similarity >= theme.joinThreshold ? { clusterId: theme.clusterId, score: similarity, why: { kind: 'meaning', similarity } } : undefined;
}

/** What the theme means: its members' direction plus its definition's (each as a unit vector), or whichever it has. */
function meaningOf(theme: DefinedTheme, length: number): readonly number[] | undefined {
  const parts = [theme.centre, theme.definition].filter((part): part is readonly number[] => part !== undefined && part.length === length && length > 0);
  return parts.length < 2 ? parts[0] : addVectors(unitVector(parts[0]), unitVector(parts[1]));
}

const appliesTo = (phraseLanguage: string | undefined, itemLanguage: string | undefined) => phraseLanguage === undefined || phraseLanguage === itemLanguage;

function containsPhrase(runs: readonly string[][], stems: readonly string[]): boolean {
  if (stems.length === 0) return false;
  return runs.some((run) => {
    for (let at = 0; at + stems.length <= run.length; at++) if (stems.every((stem, i) => run[at + i] === stem)) return true;
    return false;
  });
}

function beats(match: DefinedMatch, theme: DefinedTheme, other: DefinedMatch, otherTheme: DefinedTheme): boolean {
  if (match.score !== other.score) return match.score > other.score;
  if (theme.definedAt !== otherTheme.definedAt) return theme.definedAt < otherTheme.definedAt;
  return theme.clusterId < otherTheme.clusterId;
}
