import { cosineSimilarity } from './vectors.js';

/**
 * How items are grouped into themes. Pure functions: the clustering worker and the clustering
 * evaluation (`npm run eval`) run the same code.
 */
export interface ClusterCandidate {
  clusterId: string;
  /** Sum of the members' unit embeddings; its direction is the theme's centre. */
  centroid: readonly number[];
  size: number;
}

export interface ClusteringThresholds {
  /** An item joins the nearest theme whose centre is at least this similar; otherwise it starts a new one. */
  join: number;
  /** Two themes whose centres are at least this similar are merged by the periodic pass. */
  merge: number;
  /**
   * Optional second merge rule, applied by a pass only when no pair meets `merge`: average-link.
   * Two themes merge when the mean similarity between their members (centre · centre / (n₁ n₂),
   * exact since centres are sums of unit vectors) reaches this value plus a margin for small themes,
   * (join − mergeAverage) / (n₁ n₂): two single items need `join` (they did not join each other),
   * a single item and a theme of 10 need little more than `mergeAverage`. Without it, only `merge`.
   */
  mergeAverage?: number;
  /**
   * An item follows the items a person placed (examples) when the nearest ones are at least this similar;
   * lower than `join`, since a person's placement is stronger evidence than a centre. Without it, `join`.
   */
  example?: number;
}

export type Assignment = { kind: 'join'; clusterId: string; similarity: number } | { kind: 'create'; similarity: number };

/** A theme as seen from one item or one other theme: the cosine of the two centres. */
export interface ScoredTheme {
  clusterId: string;
  similarity: number;
}

export function assignToCluster(vector: readonly number[], candidates: readonly ClusterCandidate[], thresholds: ClusteringThresholds): Assignment {
  return chooseTheme(
    candidates.map((candidate) => ({ clusterId: candidate.clusterId, similarity: cosineSimilarity(vector, candidate.centroid) })),
    thresholds,
  );
}

/** `assignToCluster` for similarities already computed (by pgvector, next to the centres). */
export function chooseTheme(scored: readonly ScoredTheme[], thresholds: ClusteringThresholds): Assignment {
  let best: ScoredTheme | undefined;
  for (const { clusterId, similarity } of scored) {
    if (!best || similarity > best.similarity || (similarity === best.similarity && clusterId < best.clusterId)) best = { clusterId, similarity };
  }
  if (best && best.similarity >= thresholds.join) return { kind: 'join', ...best };
  return { kind: 'create', similarity: best?.similarity ?? 0 };
}

export interface Merge {
  /** The smaller theme, absorbed. */
  from: string;
  /** The larger theme, which keeps its id. */
  into: string;
  similarity: number;
}

/**
 * Near-duplicate themes to merge, most similar pair first; each theme takes part in at most one
 * merge per pass (the pass runs again later on the merged centres). Centres closer than `merge`
 * first; only when none are, the average-link rule (`mergeAverage`, when set).
 */
export function findMerges(clusters: readonly ClusterCandidate[], thresholds: ClusteringThresholds): Merge[] {
  const pairs = allPairs(clusters);
  const byCentre = pick(pairs, byCentreRule, thresholds);
  if (byCentre.length > 0 || thresholds.mergeAverage === undefined) return byCentre;
  return pick(pairs, byAverageLink, thresholds);
}

/** Merges the clustering worker makes after one item at most (each re-checks the merged theme). */
export const MAX_SETTLE_MERGES = 3;

/**
 * The best merge for the one theme that just changed (an item joined or started it), by the rules
 * of `findMerges` restricted to its pairs: its most similar centre at `merge` or above, else its best
 * average-link partner. The worker runs it after every item, so themes meet at once, not at the next pass.
 */
export function findMergeFor(clusterId: string, clusters: readonly ClusterCandidate[], thresholds: ClusteringThresholds): Merge | undefined {
  const target = clusters.find((c) => c.clusterId === clusterId);
  if (!target) return undefined;
  const partners = clusters.filter((c) => c.clusterId !== clusterId).map((other) => ({ ...other, ...centreStats(target, other) }));
  return findMergeAmong(target, partners, thresholds);
}

/** A theme next to the one that changed: the cosine and the dot product of their centres, and its size. */
export interface Partner extends ScoredTheme {
  size: number;
  dot: number;
}

/** `findMergeFor` for centre statistics already computed (by pgvector, next to the centres). */
export function findMergeAmong(target: ThemeSize, partners: readonly Partner[], thresholds: ClusteringThresholds): Merge | undefined {
  const pairs = partners.map((partner): Pair => ({ a: target, b: partner, similarity: partner.similarity, dot: partner.dot }));
  return pick(pairs, byCentreRule, thresholds)[0] ?? pick(pairs, byAverageLink, thresholds)[0];
}

type ThemeSize = Pick<ClusterCandidate, 'clusterId' | 'size'>;
type Score = { score: number; similarity: number } | undefined;

function byCentreRule({ similarity }: Pair, thresholds: ClusteringThresholds): Score {
  return similarity >= thresholds.merge ? { score: similarity, similarity } : undefined;
}

function byAverageLink({ a, b, similarity, dot }: Pair, thresholds: ClusteringThresholds): Score {
  const average = thresholds.mergeAverage;
  const pairs = a.size * b.size;
  if (average === undefined || pairs <= 0) return undefined;
  const margin = dot / pairs - (average + Math.max(0, thresholds.join - average) / pairs);
  return margin >= 0 ? { score: margin, similarity } : undefined;
}

interface Pair {
  a: ThemeSize;
  b: ThemeSize;
  /** Cosine of the two centres. */
  similarity: number;
  /** Dot product of the two centres (sums of unit vectors, so the mean member similarity × n₁ n₂). */
  dot: number;
}
type Rule = (pair: Pair, thresholds: ClusteringThresholds) => Score;

const centreStats = (a: ClusterCandidate, b: ClusterCandidate) => ({ similarity: cosineSimilarity(a.centroid, b.centroid), dot: dot(a.centroid, b.centroid) });

function allPairs(clusters: readonly ClusterCandidate[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < clusters.length; i++) {
    for (let j = i + 1; j < clusters.length; j++) pairs.push({ a: clusters[i], b: clusters[j], ...centreStats(clusters[i], clusters[j]) });
  }
  return pairs;
}

/** The pairs that qualify under `rule`, best score first, each theme in at most one. */
function pick(candidates: readonly Pair[], rule: Rule, thresholds: ClusteringThresholds): Merge[] {
  const pairs: (Merge & { score: number })[] = [];
  for (const pair of candidates) {
    const found = rule(pair, thresholds);
    if (!found) continue;
    const [small, large] = ordered(pair.a, pair.b);
    pairs.push({ from: small.clusterId, into: large.clusterId, ...found });
  }
  pairs.sort((a, b) => b.score - a.score || a.from.localeCompare(b.from));
  const used = new Set<string>();
  return pairs
    .filter((pair) => {
      if (used.has(pair.from) || used.has(pair.into)) return false;
      used.add(pair.from);
      used.add(pair.into);
      return true;
    })
    .map(({ from, into, similarity }) => ({ from, into, similarity }));
}

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

function ordered(a: ThemeSize, b: ThemeSize): [ThemeSize, ThemeSize] {
  if (a.size !== b.size) return a.size < b.size ? [a, b] : [b, a];
  return a.clusterId > b.clusterId ? [a, b] : [b, a];
}
