/**
 * Themes on the LLM path, with what can run here. The LLM analyzer names each
 * item's topic; the topics an LLM stand-in wrote for every theme set are in
 * `test/fixtures/clustering/llm-topics/`. The LLM's embedding cannot run offline, so USE-lite stands in
 * for it: centred as the offline layout centres it, and scaled down for languages it does not read, as a
 * multilingual model would not need. The vector is `composeClusteringVector` with the topic block, the
 * layout `toClusteringVector` gives every model but USE-lite, clustered with that layout's thresholds as
 * first-week.ts clusters (5 orders, settling after every item, no periodic pass).
 *
 * Two sets of topics: named for each item alone (`topics.jsonl`), and named with the project's
 * known topics in the prompt, as the analysis worker sends them (`known-topics.jsonl`:
 * one arrival order per set, the answers depending on the topics before them).
 *
 *   npx tsx test/eval/llm-topics.ts              tuning sets: first-week, generalisation, generalisation-2
 *   npx tsx test/eval/llm-topics.ts --held-out   the held-out sets too (figures only; never tune on them)
 *   npx tsx test/eval/llm-topics.ts --topics F   only the topics in F (same format), e.g. answers to another prompt
 *                                                or order (`known-topics-order-22.jsonl`); a set F lacks is shown as —
 */
import path from 'node:path';
import { embedMany } from '../../src/analysis/offline/index.js';
import { composeClusteringVector, semanticBlock, toClusteringVector } from '../../src/resources/clustering.js';
import { thresholdsFor } from '../../src/resources/clustering.js';
import { CLUSTERING_FIXTURES, detectLanguages, HELD_OUT_THEME_FOLDERS, MODEL, TUNING_THEME_FOLDERS } from './clustering.js';
import { loadSets } from './first-week.js';
import { clusterOverOrdersWith, type summariseOrders } from './experiment-support.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';
import { normalizeTopic } from '../../src/analysis/llm/normalize-analysis.js';

/** The LLM path's thresholds: those of any model but USE-lite. */
const LLM_THRESHOLDS = thresholdsFor('text-embedding-3-small');

interface TopicRow {
  set: string;
  index: number;
  topic: string;
}

const topicsArgument = process.argv.indexOf('--topics');
const sources: [string, string][] =
  topicsArgument > 0
    ? [[`LLM layout, topics of ${path.basename(process.argv[topicsArgument + 1])}`, process.argv[topicsArgument + 1]]]
    : [
        ['LLM layout, topics named alone', path.join(CLUSTERING_FIXTURES, 'llm-topics', 'topics.jsonl')],
        ["LLM layout, with the project's topics", path.join(CLUSTERING_FIXTURES, 'llm-topics', 'known-topics.jsonl')],
      ];
const topicSets = await Promise.all(sources.map(async ([, file]) => new Map((await readJsonl<TopicRow>(file)).map((r) => [`${r.set}#${r.index}`, r.topic]))));
const folders = process.argv.includes('--held-out') ? [...TUNING_THEME_FOLDERS, ...HELD_OUT_THEME_FOLDERS] : TUNING_THEME_FOLDERS;
const fmt = (r: ReturnType<typeof summariseOrders>) =>
  `${r.p.toFixed(3)} / ${r.r.toFixed(3)} / ${r.f1.toFixed(3)} (${r.minF1.toFixed(3)}) / ${(100 * r.alone).toFixed(1)} % / ${r.range.toFixed(3)}`;

console.log('Themes with LLM-named topics (USE-lite standing in for the LLM embedding); P / R / F1 (lowest) / alone / F1 range over 5 orders');
console.log(`${'set'.padEnd(40)} ${['offline layout, no topic', ...sources.map(([name]) => name)].map((c) => c.padEnd(44)).join(' ')}`);
for (const folder of folders) {
  const sums = new Array<number>(1 + sources.length).fill(0);
  const counts = new Array<number>(1 + sources.length).fill(0);
  for (const set of await loadSets(path.join(CLUSTERING_FIXTURES, folder))) {
    const texts = set.cases.map((c) => c.text);
    const embeddings = (await embedMany(texts)).map((e) => e.vector);
    const languages = await detectLanguages(texts);
    const gold = set.cases.map((c, i) => (c.theme === 'off_topic' ? `off_topic#${i}` : c.theme));
    const offline = set.cases.map((c, i) => toClusteringVector(MODEL, embeddings[i], c.text, languages[i]));
    /** The set's LLM-layout vectors with these topics; undefined when the topics leave out the whole set. */
    const llmVectors = (topics: Map<string, string>) => {
      const named = set.cases.map((_, i) => topics.get(`${folder}/${set.name}#${i}`));
      if (named.every((topic) => topic === undefined)) return undefined;
      return set.cases.map((c, i) => {
        if (named[i] === undefined) throw new Error(`no topic for ${folder}/${set.name} item ${i}`);
        const semantic = semanticBlock(MODEL, embeddings[i], languages[i]);
        return composeClusteringVector({ semantic, text: c.text, language: languages[i], topic: normalizeTopic(named[i]) ?? '' });
      });
    };
    const results = [
      clusterOverOrdersWith(gold, offline, thresholdsFor(MODEL)),
      ...topicSets.map((topics) => {
        const vectors = llmVectors(topics);
        return vectors && clusterOverOrdersWith(gold, vectors, LLM_THRESHOLDS);
      }),
    ];
    results.forEach((r, k) => {
      if (!r) return;
      sums[k] += r.f1;
      counts[k]++;
    });
    console.log(`${`${folder}/${set.name}`.padEnd(40)} ${results.map((r) => (r ? fmt(r) : '—').padEnd(44)).join(' ')}`);
  }
  console.log(`${`${folder}: mean F1`.padEnd(40)} ${sums.map((sum, k) => (counts[k] ? (sum / counts[k]).toFixed(3) : '—').padEnd(44)).join(' ')}`);
}
