/**
 * Theme quality on products nobody tuned for: the sets in
 * test/fixtures/clustering/generalisation/ and generalisation-2/ (their READMEs say how they were written;
 * their vocabulary is kept out of the aspect keyword lists, and the general taxonomy was written without
 * sight of them). Tuning sets: what is changed is judged on them, then checked once on the held-out sets.
 * Scored exactly as test/eval/first-week.ts scores the first-week sets, with the same bars: B-cubed
 * F1 >= 0.85 and items alone <= 10 % in every arrival order, F1 range <= 0.05. Exits 1 when a set
 * misses one.
 *
 *   npx tsx test/eval/generalisation.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLUSTERING_FIXTURES, MODEL } from './clustering.js';
import { evaluateSet, FIRST_WEEK_BAR, loadSets, ORDERS, printLabels, printSetTable, type SetResult } from './first-week.js';

const FOLDERS = ['generalisation', 'generalisation-2'];

export async function evaluateGeneralisation(): Promise<SetResult[]> {
  const results: SetResult[] = [];
  for (const folder of FOLDERS) {
    for (const set of await loadSets(path.join(CLUSTERING_FIXTURES, folder))) results.push(await evaluateSet(set.name, set.cases));
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await evaluateGeneralisation();
  console.log(`generalisation theme sets (products outside the hand-written aspect list), model ${MODEL}, ${ORDERS.length} arrival orders each, as first-week`);
  console.log(
    `bars: B-cubed F1 >= ${FIRST_WEEK_BAR.f1} and items alone <= ${FIRST_WEEK_BAR.alone * 100}% in every order, F1 range <= ${FIRST_WEEK_BAR.f1Range}`,
  );
  printSetTable(results, { withBars: true });
  printLabels(results);
  const pass = results.every((r) => r.pass);
  console.log(`\n${pass ? 'PASS' : 'FAIL'}: ${results.filter((r) => r.pass).length}/${results.length} generalisation sets meet the bars`);
  process.exit(pass ? 0 : 1);
}
