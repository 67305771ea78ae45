import { stem } from '../../domain/text/tokenize.js';
import { functionWordLanguage, terms as termsOf } from '../../resources/text.js';

/**
 * Theme labels by class-based TF-IDF (c-TF-IDF, as in BERTopic): all texts of a cluster form one
 * document, and a term's weight in cluster c is
 *
 *   W(t, c) = tf(t, c) × log(1 + A / f(t))
 *
 * where tf(t, c) is how often t occurs in c, f(t) how often it occurs across all clusters and A the
 * average number of words per cluster. Terms are lower-case unigrams and bigrams without stop words,
 * numbers or redaction placeholders; a text in another language also loses that language's function
 * words ("de las", "bitte eine"), guessed from the words themselves. Inflections of a word count as one term ("crash", "crashes",
 * "crashed"), shown in the cluster's most frequent form. Pure and deterministic: ties are broken
 * alphabetically.
 */

export interface ClusterTexts {
  clusterId: string;
  texts: string[];
}

export interface ScoredTerm {
  /** As shown: the most frequent form in the cluster ("password reset"). */
  term: string;
  /** The stemmed form the term is counted under ("password reset" for "password resets"). */
  key: string;
  score: number;
  /** Occurrences in the cluster. */
  count: number;
}

export interface LabelOptions {
  /** Most terms in a label (default 3, at most 4). */
  maxTerms?: number;
  /** Longest label, in characters (default 60). */
  maxChars?: number;
  /** Between terms (default " / "). */
  separator?: string;
  /** Count bigrams of adjacent words (default true). */
  bigrams?: boolean;
  /** The label of a cluster without usable terms (default "misc"). */
  fallback?: string;
}

export const LABEL_DEFAULTS = { maxTerms: 3, maxChars: 60, separator: ' / ', bigrams: true, fallback: 'misc' } as const;

/** How many ranked terms a label may draw from: deeper terms are too weak to name the theme. */
const CANDIDATE_DEPTH = 12;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byScore = (a: ScoredTerm, b: ScoredTerm) => b.score - a.score || compare(a.term, b.term) || compare(a.key, b.key);

const keyOf = (term: string) => term.split(' ').map(stem).join(' ');

/**
 * Texts whose terms are kept. A theme is labelled against the project's largest themes, whose latest
 * texts come back label after label: tokenizing them again each time was most of the work and of the
 * short-lived memory of a backlog's clustering.
 */
const KEPT_TEXTS = 2000;
const keptTerms = new Map<string, readonly (readonly [term: string, key: string])[]>();

/** A text's terms with their stemmed keys (least recently used texts forgotten first). */
function keyedTerms(text: string, bigrams: boolean): readonly (readonly [term: string, key: string])[] {
  const id = `${bigrams ? 'b' : 'u'}${text}`;
  const kept = keptTerms.get(id);
  if (kept) {
    keptTerms.delete(id);
    keptTerms.set(id, kept);
    return kept;
  }
  const keyed = termsOf(text, { bigrams, language: functionWordLanguage(text) }).map((term) => [term, keyOf(term)] as const);
  keptTerms.set(id, keyed);
  if (keptTerms.size > KEPT_TEXTS) keptTerms.delete(keptTerms.keys().next().value!);
  return keyed;
}

/**
 * Every term of every cluster with its c-TF-IDF weight, best first (ties alphabetical); with `only`, of
 * that cluster alone (the others still weigh its terms, but their own terms are neither ranked nor kept).
 */
export function scoreTerms(clusters: readonly ClusterTexts[], options: Pick<LabelOptions, 'bigrams'> = {}, only?: string): Map<string, ScoredTerm[]> {
  const grouped = groupById(clusters);
  const wanted = (cluster: ClusterTexts) => only === undefined || cluster.clusterId === only;
  const forms = grouped.map(() => new Map<string, Map<string, number>>());
  const counts = grouped.map((cluster, i) => {
    const tf = new Map<string, number>();
    const keepForms = wanted(cluster);
    for (const text of cluster.texts) {
      for (const [term, key] of keyedTerms(text, options.bigrams !== false)) {
        tf.set(key, (tf.get(key) ?? 0) + 1);
        if (!keepForms) continue;
        const seen = forms[i].get(key) ?? new Map<string, number>();
        seen.set(term, (seen.get(term) ?? 0) + 1);
        forms[i].set(key, seen);
      }
    }
    return tf;
  });
  const total = new Map<string, number>();
  let words = 0;
  for (const tf of counts) {
    for (const [term, n] of tf) {
      total.set(term, (total.get(term) ?? 0) + n);
      if (!term.includes(' ')) words += n;
    }
  }
  const averageWords = grouped.length === 0 ? 0 : words / grouped.length;

  const result = new Map<string, ScoredTerm[]>();
  grouped.forEach((cluster, i) => {
    if (!wanted(cluster)) return;
    const scored: ScoredTerm[] = [];
    for (const [key, count] of counts[i]) {
      const term = mostFrequent(forms[i].get(key) ?? new Map([[key, 1]]));
      scored.push({ term, key, count, score: count * Math.log(1 + averageWords / (total.get(key) ?? count)) });
    }
    result.set(cluster.clusterId, scored.sort(byScore));
  });
  return result;
}

function mostFrequent(forms: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [form, n] of forms) if (n > bestCount || (n === bestCount && compare(form, best) < 0)) [best, bestCount] = [form, n];
  return best;
}

/** Entries sharing a cluster id are one cluster (first-seen order kept). */
function groupById(clusters: readonly ClusterTexts[]): ClusterTexts[] {
  const byId = new Map<string, string[]>();
  for (const c of clusters) {
    const texts = byId.get(c.clusterId);
    if (texts) texts.push(...c.texts);
    else byId.set(c.clusterId, [...c.texts]);
  }
  return [...byId].map(([clusterId, texts]) => ({ clusterId, texts }));
}

/**
 * Picks a label's terms from ranked ones: a bigram replaces the chosen words it contains when it is
 * frequent enough (at least half as often as one of them, and more than once unless the cluster is a
 * single text);
 * words already inside a chosen bigram and bigrams overlapping a chosen one are skipped.
 */
export function pickTerms(ranked: readonly ScoredTerm[], options: { maxTerms?: number; singleText?: boolean } = {}): string[] {
  const maxTerms = Math.min(4, Math.max(1, options.maxTerms ?? LABEL_DEFAULTS.maxTerms));
  const chosen: ScoredTerm[] = [];
  const wordsOf = (t: ScoredTerm) => t.key.split(' ');
  for (const candidate of ranked.slice(0, CANDIDATE_DEPTH)) {
    const words = wordsOf(candidate);
    if (words.length === 1) {
      if (chosen.length >= maxTerms) continue;
      if (chosen.some((c) => wordsOf(c).includes(words[0]))) continue;
      chosen.push(candidate);
      continue;
    }
    const overlapping = chosen.filter((c) => wordsOf(c).some((w) => words.includes(w)));
    if (overlapping.some((c) => wordsOf(c).length > 1)) continue;
    if (overlapping.length > 0) {
      const strongEnough = overlapping.some((c) => candidate.count * 2 >= c.count) && (candidate.count >= 2 || options.singleText === true);
      if (!strongEnough) continue;
      // The bigram takes the place of the first word it contains; the other contained word (if chosen) goes.
      const at = chosen.indexOf(overlapping[0]);
      chosen.splice(at, 1, candidate);
      if (overlapping[1]) chosen.splice(chosen.indexOf(overlapping[1]), 1);
      continue;
    }
    if (chosen.length < maxTerms && (candidate.count >= 2 || options.singleText === true)) chosen.push(candidate);
  }
  return chosen.map((c) => c.term);
}

/** Joins terms into a label of at most `maxChars` characters (whole terms only; one over-long term is cut). */
export function formatLabel(terms: readonly string[], options: LabelOptions = {}): string {
  const maxChars = options.maxChars ?? LABEL_DEFAULTS.maxChars;
  const separator = options.separator ?? LABEL_DEFAULTS.separator;
  let label = '';
  for (const term of terms) {
    const next = label === '' ? term : `${label}${separator}${term}`;
    if (next.length > maxChars) break;
    label = next;
  }
  if (label === '' && terms.length > 0) label = terms[0].slice(0, maxChars).trim();
  return label === '' ? (options.fallback ?? LABEL_DEFAULTS.fallback) : label;
}

/** The top terms of each cluster (with `only`, of that one), chosen for a label (2–4 when the cluster has them). */
export function themeTerms(clusters: readonly ClusterTexts[], options: LabelOptions = {}, only?: string): Map<string, string[]> {
  const scored = scoreTerms(clusters, options, only);
  const texts = new Map<string, number>();
  for (const c of clusters) texts.set(c.clusterId, (texts.get(c.clusterId) ?? 0) + c.texts.length);
  const result = new Map<string, string[]>();
  for (const [clusterId, ranked] of scored) result.set(clusterId, pickTerms(ranked, { maxTerms: options.maxTerms, singleText: texts.get(clusterId) === 1 }));
  return result;
}

/** A short label per cluster (with `only`, for that one), e.g. "login / password reset"; "misc" for a cluster without usable terms. */
export function labelThemes(clusters: readonly ClusterTexts[], options: LabelOptions = {}, only?: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const [clusterId, terms] of themeTerms(clusters, options, only)) labels.set(clusterId, formatLabel(terms, options));
  return labels;
}

/**
 * The label of one cluster's texts, scored against `allClusters` (which may or may not contain
 * them); without other clusters the weights reduce to frequency within the texts.
 */
export function labelTheme(texts: readonly string[], allClusters: readonly ClusterTexts[] = [], options: LabelOptions = {}): string {
  const id = '\u0000target';
  const others = allClusters.filter((c) => !sameTexts(c.texts, texts));
  return labelThemes([{ clusterId: id, texts: [...texts] }, ...others], options).get(id) ?? options.fallback ?? LABEL_DEFAULTS.fallback;
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}
