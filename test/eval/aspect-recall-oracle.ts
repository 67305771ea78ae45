/**
 * How much aspect recall themes need: an upper bound, not a method. Each item of
 * the tuning sets (generalisation/, generalisation-2/) gets, with probability `share`, an oracle aspect
 * slot of its own gold theme (never wrong, never on an off-topic item), either instead of the aspect
 * block the keywords give (`replace`) or next to it (`add`); then clustered as first-week.ts does (5
 * orders × 3 draws, settling after every item, no periodic pass). Prints mean B-cubed F1 and items alone
 * per share. Never run on the held-out sets.
 *
 *   npx tsx test/eval/aspect-recall-oracle.ts [replace|add]
 */
import path from 'node:path';
import { embedMany } from '../../src/analysis/offline/index.js';
import { ASPECT_SLOTS } from '../../src/domain/cluster/aspects.js';
import { ASPECT_WEIGHT } from '../../src/domain/cluster/clustering-vector.js';
import { toClusteringVector } from '../../src/resources/clustering.js';
import { thresholdsFor } from '../../src/resources/clustering.js';
import { seededRandom } from '../../src/support/seeded-random.js';
import { CLUSTERING_FIXTURES, detectLanguages, MODEL } from './clustering.js';
import { loadSets } from './first-week.js';
import { clusterOverOrdersWith, unit } from './experiment-support.js';

const SHARES = [0, 0.5, 0.7, 0.8, 0.9, 1];
const DRAWS = [1, 2, 3];
/** Oracle slots sit after the used ones, so `add` never collides with a real aspect. */
const FIRST_ORACLE_SLOT = 300;
const mode = process.argv[2] === 'add' ? 'add' : 'replace';

/** `vector` with its aspect block replaced by `block`, weighted as `toClusteringVector` weighs it. */
function withAspectBlock(vector: readonly number[], block: readonly number[]): number[] {
  const head = unit(vector.slice(0, vector.length - ASPECT_SLOTS)).map((x) => x * Math.sqrt(1 - ASPECT_WEIGHT ** 2));
  return unit([...head, ...unit(block).map((x) => x * ASPECT_WEIGHT)]);
}

console.log(`aspect recall oracle (${mode}): mean B-cubed F1 / items alone when a share of items names its theme's aspect`);
for (const folder of ['generalisation', 'generalisation-2']) {
  for (const set of await loadSets(path.join(CLUSTERING_FIXTURES, folder))) {
    const embeddings = (await embedMany(set.cases.map((c) => c.text))).map((e) => e.vector);
    const languages = await detectLanguages(set.cases.map((c) => c.text));
    const real = set.cases.map((c, i) => toClusteringVector(MODEL, embeddings[i], c.text, languages[i]));
    const themes = [...new Set(set.cases.map((c) => c.theme))];
    const gold = set.cases.map((c, i) => (c.theme === 'off_topic' ? `off_topic#${i}` : c.theme));
    const cells = SHARES.map((share) => {
      // Each draw is summarised over the same number of orders, so the mean of the draws is the mean of every run.
      const runs = DRAWS.map((draw) => {
        const random = seededRandom(draw * 101);
        const vectors = set.cases.map((c, i) => {
          const block = mode === 'add' ? real[i].slice(-ASPECT_SLOTS) : new Array<number>(ASPECT_SLOTS).fill(0);
          if (c.theme !== 'off_topic' && random() < share) block[FIRST_ORACLE_SLOT + themes.indexOf(c.theme)] = 1;
          return withAspectBlock(real[i], block);
        });
        return clusterOverOrdersWith(gold, vectors, thresholdsFor(MODEL));
      });
      const mean = (f: (r: (typeof runs)[number]) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
      return `${share}: ${mean((r) => r.f1).toFixed(3)} / ${(100 * mean((r) => r.alone)).toFixed(0)}%`;
    });
    console.log(`  ${set.name.padEnd(20)} ${cells.join(' | ')}`);
  }
}
