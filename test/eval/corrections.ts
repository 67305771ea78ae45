/**
 * Corrections teach: a replay of the generalisation sets (tuning sets of products outside the aspect lists)
 * in which a product manager corrects every item placed wrong right after it arrives (moves it to the theme
 * holding most of its theme-mates, or splits it off when it has none yet). With learning, the moved items are
 * examples of their theme and later items like them follow (the clustering decider's second rule); without,
 * the same moves are made but nothing follows them. Counts the corrections in each quarter of the stream.
 *
 *   npx tsx test/eval/corrections.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { embedMany } from '../../src/analysis/offline/index.js';
import { decideThemes, type BatchItem, type ThemeExample } from '../../src/domain/cluster/decide-themes.js';
import type { SnapshotTheme } from '../../src/domain/cluster/theme-overlay.js';
import { thresholdsFor } from '../../src/resources/clustering.js';
import { addVectors } from '../../src/domain/cluster/vectors.js';
import { CLUSTERING_FIXTURES, clusteringVectors, detectLanguages, MODEL, shuffledOrder } from './clustering.js';
import { ORDERS } from './first-week.js';

const SETS = [
  'generalisation/fitness-tracker',
  'generalisation/airline',
  'generalisation/e-learning-mixed',
  'generalisation-2/calendar-app',
  'generalisation-2/helpdesk-software',
];
const AT = '2026-11-27T00:00:00.000Z';
const QUARTERS = 4;

interface Case {
  text: string;
  theme: string;
}

/** Corrections per quarter of the stream, and how many items of real themes arrived right in each. */
function replay(cases: readonly Case[], items: readonly BatchItem[], order: readonly number[], learning: boolean) {
  let themes: SnapshotTheme[] = [];
  const examples: ThemeExample[] = [];
  const placed = new Map<number, string>();
  const corrections = new Array<number>(QUARTERS).fill(0);
  const right = new Array<number>(QUARTERS).fill(0);
  const arrived = new Array<number>(QUARTERS).fill(0);
  order.forEach((index, step) => {
    const quarter = Math.floor((step * QUARTERS) / order.length);
    const decided = decideThemes([items[index]], { projectId: 'eval', themes, at: AT, examples: learning ? examples : [] }, thresholdsFor);
    themes = decided.themes;
    for (const decision of decided.decisions) {
      if (decision.event.type !== 'ClusterMerged') continue;
      const { clusterId: from, into } = decision.event.data;
      for (const [i, theme] of placed) if (theme === from) placed.set(i, into);
    }
    placed.set(index, decided.placements.get(items[index].feedbackId)!);
    const gold = cases[index].theme;
    if (gold === 'off_topic') return;
    arrived[quarter]++;
    const home = homeOf(cases, placed, gold, index);
    const theme = placed.get(index)!;
    const mixed = [...placed].some(([i, t]) => i !== index && t === theme && cases[i].theme !== gold);
    if ((home === undefined || home === theme) && !mixed) {
      right[quarter]++;
      return;
    }
    corrections[quarter]++;
    const target = home ?? `split-${index}`;
    themes = move(themes, items[index], theme, target);
    placed.set(index, target);
    examples.push({ clusterId: target, model: MODEL, vector: items[index].vector });
  });
  return { corrections, right, arrived };
}

/** The theme holding most of the item's theme-mates (other than itself), if any has one. */
function homeOf(cases: readonly Case[], placed: ReadonlyMap<number, string>, gold: string, self: number): string | undefined {
  const counts = new Map<string, number>();
  for (const [i, theme] of placed) if (i !== self && cases[i].theme === gold) counts.set(theme, (counts.get(theme) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/** A person moves the item from one theme into another (or a new one): centres and sizes follow. */
function move(themes: readonly SnapshotTheme[], item: BatchItem, from: string, to: string): SnapshotTheme[] {
  const next = themes.map((theme) => {
    if (theme.clusterId === from) return { ...theme, centroid: addVectors(theme.centroid, item.vector, -1), size: theme.size - 1, autoMerge: false };
    if (theme.clusterId === to) return { ...theme, centroid: addVectors(theme.centroid, item.vector), size: theme.size + 1, autoMerge: false };
    return theme;
  });
  if (!next.some((theme) => theme.clusterId === to)) {
    next.push({
      clusterId: to,
      model: MODEL,
      centroid: [...item.vector],
      size: 1,
      status: 'active',
      muted: false,
      spiking: false,
      autoMerge: false,
      reportTimes: [],
    });
  }
  return next;
}

console.log('Corrections teach: a person corrects every item placed wrong as it arrives (generalisation sets, 5 orders each, summed):');
const total = { true: new Array<number>(QUARTERS).fill(0), false: new Array<number>(QUARTERS).fill(0) };
const rightTotal = { true: new Array<number>(QUARTERS).fill(0), false: new Array<number>(QUARTERS).fill(0) };
const arrivedTotal = new Array<number>(QUARTERS).fill(0);
for (const set of SETS) {
  const cases = readFileSync(path.join(CLUSTERING_FIXTURES, `${set}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Case);
  const embeddings = (await embedMany(cases.map((c) => c.text))).map((e) => e.vector);
  const languages = await detectLanguages(cases.map((c) => c.text));
  const vectors = clusteringVectors(cases, embeddings, languages);
  const items = cases.map((c, i): BatchItem => ({
    feedbackId: `f${i}`,
    model: MODEL,
    vector: vectors[i],
    createdAt: Date.parse(AT),
    text: c.text,
    language: languages[i],
  }));
  for (const seed of ORDERS) {
    const order = shuffledOrder(cases.length, seed);
    for (const learning of [true, false]) {
      const run = replay(cases, items, order, learning);
      run.corrections.forEach((n, q) => (total[`${learning}`][q] += n));
      run.right.forEach((n, q) => (rightTotal[`${learning}`][q] += n));
      if (learning) run.arrived.forEach((n, q) => (arrivedTotal[q] += n));
    }
  }
}
const row = (label: string, values: number[]) => console.log(`  ${label.padEnd(34)}${values.map((v) => String(v).padStart(8)).join('')}`);
row('quarter of the stream', [1, 2, 3, 4]);
row('items of a real theme arriving', arrivedTotal);
row('corrections, with learning', total.true);
row('corrections, moves only (no learning)', total.false);
const pct = (values: number[]) => values.map((v, q) => Math.round((100 * v) / arrivedTotal[q]));
row('arrived right, with learning (%)', pct(rightTotal.true));
row('arrived right, no learning (%)', pct(rightTotal.false));
