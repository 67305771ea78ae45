import path from 'node:path';
import { embedMany } from '../../src/analysis/offline/index.js';
import { composeClusteringVector, FOREIGN_SEMANTIC_SCALE, lexicalTerms, fnv1a } from '../../src/domain/cluster/clustering-vector.js';
import { aspectVector } from '../../src/domain/cluster/aspects.js';
import useLite512 from '../../src/domain/cluster/model/use-lite-512.json' with { type: 'json' };
import { clusterItems, detectLanguages, shuffledOrder } from './clustering.js';
import { bCubed, loadSets, ORDERS } from './first-week.js';
import { summariseOrders, unit } from './experiment-support.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';
import { normalizeTopic } from '../../src/analysis/llm/normalize-analysis.js';

const CL = '/work/main/test/fixtures/clustering';
const topics = new Map((await readJsonl<{ set: string; index: number; topic: string }>(path.join(CL, 'llm-topics', 'topics.jsonl'))).map((r) => [`${r.set}#${r.index}`, r.topic]));
const W = Number(process.env.W ?? 0.6);
const joins = (process.env.JOINS ?? '0.4').split(',').map(Number);
const mode = process.env.MODE ?? 'words';
function topicBlock(t: string | undefined): number[] {
  const words = new Array<number>(256).fill(0);
  if (t) for (const term of new Set(lexicalTerms(t, 'en'))) words[fnv1a(term) % 256] = 1;
  if (mode === 'words' || mode === 'fold') return words;
  const asp = t ? aspectVector(t).map((x) => (x > 0 ? 1 : 0)) : new Array(320).fill(0);
  return [...unit(words), ...unit(asp)];
}
for (const join of joins) {
  const rows: string[] = []; let sum = 0, n = 0, maxRange = 0;
  for (const folder of ['first-week', 'generalisation', 'generalisation-2']) {
    for (const set of await loadSets(path.join(CL, folder))) {
      const texts = set.cases.map((c) => c.text);
      const emb = (await embedMany(texts)).map((e) => e.vector);
      const langs = await detectLanguages(texts);
      const gold = set.cases.map((c, i) => (c.theme === 'off_topic' ? `off_topic#${i}` : c.theme));
      const vectors = set.cases.map((c, i) => {
        const scale = langs[i] === 'en' || langs[i] === 'und' ? 1 : FOREIGN_SEMANTIC_SCALE;
        const semantic = unit(emb[i].map((x, k) => x - useLite512.mean[k])).map((x) => x * scale);
        const tp = normalizeTopic(topics.get(`${folder}/${set.name}#${i}`)!);
        const base = mode === 'fold' ? composeClusteringVector({ semantic, text: `${c.text}\n${tp ?? ''}`, language: langs[i] }) : composeClusteringVector({ semantic, text: c.text, language: langs[i] });
        const tb = unit(topicBlock(normalizeTopic(topics.get(`${folder}/${set.name}#${i}`)!)));
        return unit([...base.map((x) => x * Math.sqrt(1 - W * W)), ...tb.map((x) => x * W)]);
      });
      const runs = ORDERS.map((seed) => {
        const { clusters } = clusterItems(vectors, shuffledOrder(gold.length, seed), { join, merge: join + 0.02, mergeAverage: join - 0.18 }, { settle: true, finalPasses: false });
        const predicted = new Array<string>(gold.length);
        for (const c of clusters) for (const i of c.members) predicted[i] = c.clusterId;
        return { ...bCubed(predicted, gold), alone: clusters.filter((c) => c.size === 1).length / gold.length };
      });
      const r = summariseOrders(runs); sum += r.f1; n++; maxRange = Math.max(maxRange, r.range);
      rows.push(`${set.name.slice(0, 8)} ${r.f1.toFixed(2)}/${(100 * r.alone).toFixed(0)}`);
    }
  }
  console.log(`${mode} W=${W} join=${join} mean ${(sum / n).toFixed(3)} maxRange ${maxRange.toFixed(3)} | ${rows.join(' ')}`);
}
