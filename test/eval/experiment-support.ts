// What the standalone theme experiments (focused-embedding.ts, word-vectors.ts) share: vector helpers, the
// ranking score of a similarity, and the clustering of a set over the first-week orders.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClusteringThresholds } from '../../src/domain/cluster/assignment.js';
import { aspectsOf } from '../../src/resources/aspect-taxonomy.js';
import { thresholdsFor } from '../../src/resources/clustering.js';
import { CLUSTERING_FIXTURES, clusterItems, detectLanguages, MODEL, shuffledOrder } from './clustering.js';
import { bCubed, loadSets, ORDERS } from './first-week.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const GENERALISATION = path.join(CLUSTERING_FIXTURES, 'generalisation');
export const TRAINING = path.join(HERE, '..', '..', 'src', 'analysis', 'offline', 'training');

export const unit = (v: readonly number[]): number[] => {
  let n = 0;
  for (const x of v) n += x * x;
  return n === 0 ? [...v] : v.map((x) => x / Math.sqrt(n));
};

export const dot = (a: readonly number[], b: readonly number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** The chance a same-theme pair scores higher than a different-theme pair; tied scores share their mean rank. */
export function auc(same: readonly number[], diff: readonly number[]): number {
  const all = [...same.map((s) => [s, 1] as const), ...diff.map((s) => [s, 0] as const)].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  for (let r = 0; r < all.length;) {
    let end = r;
    while (end + 1 < all.length && all[end + 1][0] === all[r][0]) end++;
    const rank = (r + end) / 2 + 1;
    for (let k = r; k <= end; k++) if (all[k][1] === 1) rankSum += rank;
    r = end + 1;
  }
  return (rankSum - (same.length * (same.length + 1)) / 2) / (same.length * diff.length);
}

/**
 * The similarities of the same-theme and different-theme pairs that `keep` admits, and the share of
 * on-topic items whose nearest admitted neighbour shares their theme.
 */
export function pairSignal(
  items: readonly { gold: string; offTopic: boolean }[],
  vectors: readonly number[][],
  keep: (i: number, j: number) => boolean = () => true,
): { same: number[]; diff: number[]; nn: number } {
  const same: number[] = [];
  const diff: number[] = [];
  let hits = 0;
  let scored = 0;
  for (let i = 0; i < items.length; i++) {
    let best = -Infinity;
    let bestJ = -1;
    for (let j = 0; j < items.length; j++) {
      if (j === i || !keep(i, j)) continue;
      const s = dot(vectors[i], vectors[j]);
      if (s > best) [best, bestJ] = [s, j];
      if (j > i) (items[i].gold === items[j].gold ? same : diff).push(s);
    }
    if (!items[i].offTopic && bestJ >= 0) {
      scored++;
      if (items[bestJ].gold === items[i].gold) hits++;
    }
  }
  return { same, diff, nn: hits / scored };
}

/** Mean precision, recall, F1 and share of items alone over several arrival orders; the lowest F1, its range and the most alone. */
export function summariseOrders(runs: readonly { precision: number; recall: number; f1: number; alone: number }[]) {
  const avg = (f: (r: (typeof runs)[number]) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  const f1s = runs.map((r) => r.f1);
  return {
    p: avg((r) => r.precision),
    r: avg((r) => r.recall),
    f1: avg((r) => r.f1),
    minF1: Math.min(...f1s),
    range: Math.max(...f1s) - Math.min(...f1s),
    alone: avg((r) => r.alone),
    maxAlone: Math.max(...runs.map((r) => r.alone)),
  };
}

/** B-cubed precision, recall and F1 and the share of items alone, over the first-week orders, with every threshold × `scale`. */
export function clusterOverOrders(items: readonly { gold: string }[], vectors: readonly number[][], scale: number) {
  const t = thresholdsFor(MODEL);
  const thresholds = { join: t.join * scale, merge: t.merge * scale, mergeAverage: t.mergeAverage! * scale };
  return clusterOverOrdersWith(
    items.map((i) => i.gold),
    vectors,
    thresholds,
  );
}

/** As `clusterOverOrders`, with the given thresholds. */
export function clusterOverOrdersWith(gold: readonly string[], vectors: readonly number[][], thresholds: ClusteringThresholds) {
  const runs = ORDERS.map((seed) => {
    const { clusters } = clusterItems(vectors, shuffledOrder(gold.length, seed), thresholds, { settle: true, finalPasses: false });
    const predicted = new Array<string>(gold.length);
    for (const c of clusters) for (const i of c.members) predicted[i] = c.clusterId;
    return { ...bCubed(predicted, gold), alone: clusters.filter((c) => c.size === 1).length / gold.length };
  });
  return summariseOrders(runs);
}

export interface ExperimentItem {
  text: string;
  /** The item's theme; an off-topic item is a theme of its own. */
  gold: string;
  offTopic: boolean;
  /** As the offline analyzer detects it. */
  language: string;
  /** Whether the text names one of the aspect keywords. */
  hasAspect: boolean;
}

export interface ExperimentSet {
  name: string;
  group: 'fw' | 'gen';
  items: ExperimentItem[];
}

/** The first-week sets (`fw`) and the generalisation sets (`gen`); never the held-out ones. */
export async function loadExperimentSets(): Promise<ExperimentSet[]> {
  const out: ExperimentSet[] = [];
  for (const [group, folder] of [
    ['fw', undefined],
    ['gen', GENERALISATION],
  ] as const) {
    for (const set of await loadSets(folder)) {
      const languages = await detectLanguages(set.cases.map((c) => c.text));
      out.push({
        name: set.name,
        group,
        items: set.cases.map((c, i) => ({
          text: c.text,
          gold: c.theme === 'off_topic' ? `off_topic#${i}` : c.theme,
          offTopic: c.theme === 'off_topic',
          language: languages[i],
          hasAspect: aspectsOf(c.text).length > 0,
        })),
      });
    }
  }
  return out;
}
