/**
 * Held-out evaluation, informational: no bar, always exits 0. Only figures are printed, never
 * the items missed, so that nothing gets tuned against them (see each set's README).
 * - Analysis: test/fixtures/analysis/held-out/, held-out-2/ and held-out-3/ (multilingual.jsonl, hard-cases.jsonl),
 *   each written by a session that had not read the rules or lexicons under src/analysis/ nor the earlier
 *   sets; every set is scored on its own, so that each first run stays comparable.
 * - Themes: test/fixtures/clustering/held-out/ and held-out-2/ (*.jsonl), each folder on its own, scored exactly as test/eval/first-week.ts scores
 *   the first-week sets (B-cubed, items alone, F1 range over the same arrival orders), labels not printed.
 *
 *   npx tsx test/eval/held-out.ts
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Analysis } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';
import { CLUSTERING_FIXTURES, HELD_OUT_THEME_FOLDERS, MODEL } from './clustering.js';
import { evaluateSet, loadSets, ORDERS, printSetTable, type SetResult } from './first-week.js';
import { printLabelCheck } from './label-check.js';
import { type LabelledCase, type Score, pct, printConfidence, printTable, ratio, tally } from './languages.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const ANALYSIS_SETS = ['held-out', 'held-out-2', 'held-out-3'];

type Analyzer = Awaited<ReturnType<typeof loadOfflineAnalyzer>>;

export async function evaluateHeldOut(): Promise<void> {
  const analyzer = await loadOfflineAnalyzer();
  console.log('HELD-OUT (informational, no bar): items written without sight of the rules; figures only, mistakes withheld');
  for (const set of ANALYSIS_SETS) await evaluateAnalysisSet(analyzer, set);
  for (const folder of HELD_OUT_THEME_FOLDERS) await evaluateThemeSets(folder);
}

async function evaluateAnalysisSet(analyzer: Analyzer, set: string): Promise<void> {
  const folder = path.join(FIXTURES, 'analysis', set);
  const multilingual = await readJsonl<LabelledCase>(path.join(folder, 'multilingual.jsonl'));
  const hard = await readJsonl<LabelledCase>(path.join(folder, 'hard-cases.jsonl'));
  const analyse = (cases: LabelledCase[]) => Promise.all(cases.map((c) => analyzer.analyze(c.text)));
  const [multilingualAnalyses, hardAnalyses] = [await analyse(multilingual), await analyse(hard)];

  console.log(`\n--- analysis, ${set}/ ---`);
  const byLanguage = tally(multilingual, multilingualAnalyses, (c) => c.language ?? 'und');
  printTable(`${set} per-language accuracy (${set}/multilingual.jsonl)`, byLanguage, () => undefined);
  const byKind = tally(hard, hardAnalyses, (c) => c.kind ?? 'other');
  printTable(`${set} hard cases, English (${set}/hard-cases.jsonl)`, byKind, () => undefined);
  printConfusions(`${set} multilingual`, multilingual, multilingualAnalyses);
  printConfusions(`${set} hard cases`, hard, hardAnalyses);
  printConfidence([...multilingual, ...hard], [...multilingualAnalyses, ...hardAnalyses]);

  const all = (groups: Map<string, Score>) => groups.get('all')!;
  console.log(
    `\nHELD-OUT ${set}: multilingual sentiment ${pct(ratio(all(byLanguage), 'sentiment'))}, type ${pct(ratio(all(byLanguage), 'type'))}; ` +
      `hard cases sentiment ${pct(ratio(all(byKind), 'sentiment'))}, type ${pct(ratio(all(byKind), 'type'))} (informational)`,
  );
}

async function evaluateThemeSets(folder: string): Promise<void> {
  const results: SetResult[] = [];
  for (const set of await loadSets(path.join(CLUSTERING_FIXTURES, folder))) results.push(await evaluateSet(set.name, set.cases));
  console.log(`\n--- themes, clustering/${folder}/ (informational, no bar) ---`);
  console.log(`model ${MODEL}, ${ORDERS.length} arrival orders each, settling after every item, figures right after the last item (as first-week)`);
  printSetTable(results, { withBars: false });
  console.log('labels of every theme of the first order (counts only: held-out labels are not shown):');
  for (const r of results) printLabelCheck(r.name, r.labelCheck, 0);
  const mean = (f: (r: SetResult) => number) => results.reduce((s, r) => s + f(r), 0) / results.length;
  console.log(
    `\nHELD-OUT themes, ${folder}/: mean B-cubed F1 ${mean((r) => r.mean.f1).toFixed(3)}, items alone ${pct(mean((r) => r.mean.alone))}, ` +
      `widest F1 range ${Math.max(...results.map((r) => r.f1Range)).toFixed(3)} over ${results.length} sets (informational)`,
  );
}

/** Counts of expected -> predicted label pairs: shows where the misses go without naming an item. */
function printConfusions(title: string, cases: LabelledCase[], analyses: Analysis[]): void {
  for (const key of ['sentiment', 'type'] as const) {
    const counts = new Map<string, number>();
    cases.forEach((c, i) => {
      if (analyses[i][key] !== c[key]) counts.set(`${c[key]} -> ${analyses[i][key]}`, (counts.get(`${c[key]} -> ${analyses[i][key]}`) ?? 0) + 1);
    });
    const pairs = [...counts].sort(([, a], [, b]) => b - a).map(([pair, n]) => `${pair} ${n}`);
    console.log(`${title} ${key} misses (expected -> got): ${pairs.join(', ') || 'none'}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await evaluateHeldOut();
}
