/**
 * Experiment: aspects learned from the project's own items. When an item arrives, the
 * project's earlier items are known; the terms (stemmed, accent-folded content words) that several of
 * them share are the product's own vocabulary ("payslip", "thermostat"). Each item gets a block of
 * those terms (hashed, weighted by general rarity from the training IDF and by in-project rarity),
 * recomputed for every item and theme at every arrival (the vocabulary grows), joined to the
 * clustering vector with weight w. Scored like first-week.ts on the first-week and generalisation sets.
 *
 *   npx tsx test/eval/learned-aspects.ts          # today's vectors and the best setting that keeps the first-week bars
 *   npx tsx test/eval/learned-aspects.ts --grid   # the settings measured (README, Quality: generalisation sets)
 *
 * Result (2026-11-23): at most +0.03 mean F1 on the generalisation sets with the first-week sets intact,
 * +0.09 only when the first-week sets break; even the vocabulary of the whole set known in advance
 * (`oracle`) gives no more. Not wired into the service.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { embedMany } from '../../src/analysis/offline/index.js';
import { assignToCluster, findMergeFor, MAX_SETTLE_MERGES, type ClusteringThresholds } from '../../src/domain/cluster/assignment.js';
import { foldForAspects } from '../../src/domain/cluster/aspects.js';
import { aspectsOf } from '../../src/resources/aspect-taxonomy.js';
import { lexicalTerms, thresholdsFor } from '../../src/resources/clustering.js';
import useLite512 from '../../resources/models/use-lite-512.json' with { type: 'json' };
import { clusteringVectors, detectLanguages, MODEL, shuffledOrder } from './clustering.js';
import { bCubed, loadSets, ORDERS } from './first-week.js';
import { GENERALISATION, summariseOrders } from './experiment-support.js';

const BUCKETS = 256;

export interface LearnedOptions {
  /** Weight of the learned block (0: today's vectors). */
  weight: number;
  /** A term counts once it occurs in at least this many of the project's items known so far. */
  minItems: number;
  /** Terms in more than this share of the known items are generic ("app", "flight"): left out. */
  maxShare: number;
  /** Scale of all thresholds. */
  thresholdScale: number;
  /** Cut words to their first n letters (0: no cut), so cognates meet ("certificado" / "certificat"). */
  prefix: number;
  /** Only items naming no listed aspect get the learned block (the others keep today's vector). */
  onlyWithoutAspect: boolean;
  /** Keep only the item's k heaviest learned terms (0: all), so the block acts like one aspect. */
  topK: number;
  /** Upper bound, not a method: the vocabulary of all the set's items from the first arrival on. */
  oracle?: boolean;
}

// Function words of es/fr/de/pt/it the English stop list lacks (they would look like shared vocabulary).
const FOREIGN_STOPS = new Set(
  'los las les die der das den dem des que qui est ein eine einen nicht sind una uno por para con pour avec dans sur und mit von auf ist tout toutes todo toda aunque pero mais aber mes meine mein ich yo nos son sont hay elle sich auch noch schon muy tres sehr wenn quand cuando como comme wie del della nel sul sur aux ces cette esta este nur encore siempre toujours immer'.split(
    ' ',
  ),
);

const idf = useLite512.idf as Record<string, number>;

export function learnedTerms(text: string, prefix: number): string[] {
  const terms = lexicalTerms(foldForAspects(text)).filter((t) => t.length >= 3 && !FOREIGN_STOPS.has(t));
  return [...new Set(prefix > 0 ? terms.map((t) => t.slice(0, prefix)) : terms)];
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const unit = (v: number[]) => {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return n === 0 ? v : v.map((x) => x / n);
};

/** Clusters as the worker does, but every vector gets the learned block of the vocabulary known at that arrival. */
export function clusterWithLearned(
  base: readonly number[][],
  termsOf: readonly string[][],
  order: readonly number[],
  thresholds: ClusteringThresholds,
  o: LearnedOptions,
  hasAspect: readonly boolean[],
) {
  const members = new Map<string, number[]>();
  const df = new Map<string, number>();
  let created = 0;
  const known: number[] = [];
  const vectorOf = (i: number) => {
    if (o.onlyWithoutAspect && hasAspect[i]) return [...base[i], ...new Array<number>(BUCKETS).fill(0)];
    const block = new Array<number>(BUCKETS).fill(0);
    const weighted: [string, number][] = [];
    for (const t of termsOf[i]) {
      const n = df.get(t) ?? 0;
      if (n < o.minItems || n > o.maxShare * total()) continue;
      const general = Object.hasOwn(idf, t) ? idf[t] : useLite512.unseenIdf;
      weighted.push([t, general * Math.log(1 + total() / n)]);
    }
    weighted.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    for (const [t, w] of o.topK > 0 ? weighted.slice(0, o.topK) : weighted) {
      const h = hash(t);
      block[h % BUCKETS] += (h >>> 31 ? -1 : 1) * w;
    }
    const learned = unit(block);
    const a = Math.sqrt(1 - o.weight ** 2);
    return unit([...base[i].map((x) => a * x), ...learned.map((x) => o.weight * x)]);
  };
  if (o.oracle) for (const terms of termsOf) for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
  const total = () => (o.oracle ? termsOf.length : known.length);
  for (const index of order) {
    known.push(index);
    if (!o.oracle) for (const t of termsOf[index]) df.set(t, (df.get(t) ?? 0) + 1);
    const vectors = new Map(known.map((i) => [i, vectorOf(i)]));
    const centre = (ids: number[]) => ids.reduce((s, i) => s.map((x, k) => x + vectors.get(i)![k]), new Array<number>(base[0].length + BUCKETS).fill(0));
    const candidates = () => [...members].map(([clusterId, ids]) => ({ clusterId, centroid: centre(ids), size: ids.length }));
    const assignment = assignToCluster(vectors.get(index)!, candidates(), thresholds);
    let touched: string;
    if (assignment.kind === 'join') {
      members.get(assignment.clusterId)!.push(index);
      touched = assignment.clusterId;
    } else {
      touched = `c${String(++created).padStart(3, '0')}`;
      members.set(touched, [index]);
    }
    for (let step = 0; step < MAX_SETTLE_MERGES; step++) {
      const found = findMergeFor(touched, candidates(), thresholds);
      if (!found) break;
      members.get(found.into)!.push(...members.get(found.from)!);
      members.delete(found.from);
      touched = found.into;
    }
  }
  return [...members.values()];
}

interface Prepared {
  name: string;
  group: string;
  gold: string[];
  base: number[][];
  texts: string[];
}

async function prepare(group: string, folder?: string): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const set of await loadSets(folder)) {
    const texts = set.cases.map((c) => c.text);
    const embeddings = (await embedMany(texts)).map((e) => e.vector);
    const base = clusteringVectors(set.cases, embeddings, await detectLanguages(texts));
    const gold = set.cases.map((c, i) => (c.theme === 'off_topic' ? `off_topic#${i}` : c.theme));
    out.push({ name: set.name, group, gold, base, texts });
  }
  return out;
}

function score(set: Prepared, o: LearnedOptions) {
  const t = thresholdsFor(MODEL);
  const s = o.thresholdScale;
  const thresholds = { join: t.join * s, merge: t.merge * s, mergeAverage: t.mergeAverage! * s };
  const termsOf = set.texts.map((x) => learnedTerms(x, o.prefix));
  const runs = ORDERS.map((seed) => {
    const clusters = clusterWithLearned(
      set.base,
      termsOf,
      shuffledOrder(set.texts.length, seed),
      thresholds,
      o,
      set.texts.map((x) => aspectsOf(x).length > 0),
    );
    const predicted = new Array<string>(set.texts.length);
    clusters.forEach((ids, c) => ids.forEach((i) => (predicted[i] = String(c))));
    return { ...bCubed(predicted, set.gold), alone: clusters.filter((c) => c.length === 1).length / set.texts.length };
  });
  return summariseOrders(runs);
}

function line(sets: Prepared[], o: LearnedOptions): { gen: number; firstMin: number; text: string } {
  const results = sets.map((s) => ({ s, x: score(s, o) }));
  const gen = results.filter((r) => r.s.group === 'gen');
  const fw = results.filter((r) => r.s.group === 'fw');
  const cells = results.map(({ s, x }) => `${s.name.slice(0, 8)} ${x.f1.toFixed(3)}/${x.p.toFixed(2)}/${(x.alone * 100).toFixed(0)}%/r${x.range.toFixed(3)}`);
  return {
    gen: gen.reduce((a, r) => a + r.x.f1, 0) / gen.length,
    firstMin: Math.min(...fw.map((r) => r.x.minF1)),
    text: `oracle=${o.oracle ?? false} w=${o.weight} k=${o.topK} noAsp=${o.onlyWithoutAspect} min=${o.minItems} share=${o.maxShare} scale=${o.thresholdScale} prefix=${o.prefix} | ${cells.join(' | ')}`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const sets = [...(await prepare('fw')), ...(await prepare('gen', GENERALISATION))];
  const base: LearnedOptions = { weight: 0, minItems: 2, maxShare: 0.25, thresholdScale: 1, prefix: 0, onlyWithoutAspect: false, topK: 0 };
  const grid: LearnedOptions[] = [base];
  if (process.argv.includes('--grid')) {
    for (const weight of [0.4, 0.55, 0.7]) for (const thresholdScale of [1, 0.85]) grid.push({ ...base, weight, thresholdScale, prefix: 5 });
    for (const weight of [0.55, 0.8]) grid.push({ ...base, weight, prefix: 5, onlyWithoutAspect: true });
    for (const onlyWithoutAspect of [true, false]) grid.push({ ...base, weight: 0.75, topK: 2, prefix: 5, onlyWithoutAspect });
    grid.push({ ...base, weight: 0.8, prefix: 5, onlyWithoutAspect: true, oracle: true });
    grid.push({ ...base, weight: 0.7, prefix: 5, thresholdScale: 0.85, oracle: true });
  } else grid.push({ ...base, weight: 0.8, prefix: 5, onlyWithoutAspect: true });
  for (const o of grid) {
    const r = line(sets, o);
    console.log(`gen mean F1 ${r.gen.toFixed(3)} first-week min F1 ${r.firstMin.toFixed(3)} :: ${r.text}`);
  }
}
