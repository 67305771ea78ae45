/**
 * Held-out evaluation of the offline analyzer (issue 13): test/fixtures/analysis/held-out/*.jsonl were
 * written by a session that had not read the rules or lexicons under src/analysis/, so these figures
 * estimate accuracy on unseen text. Informational: no bar, always exits 0. Only figures are printed,
 * never the items missed, so that no rule gets tuned against them (see the held-out README).
 *
 *   npx tsx test/eval/held-out.ts
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Analysis } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';
import { type LabelledCase, type Score, pct, printConfidence, printTable, ratio, tally } from './languages.js';

const HELD_OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'analysis', 'held-out');

export async function evaluateHeldOut(): Promise<void> {
  const analyzer = await loadOfflineAnalyzer();
  const multilingual = await readJsonl<LabelledCase>(path.join(HELD_OUT, 'multilingual.jsonl'));
  const hard = await readJsonl<LabelledCase>(path.join(HELD_OUT, 'hard-cases.jsonl'));
  const analyse = (cases: LabelledCase[]) => Promise.all(cases.map((c) => analyzer.analyze(c.text)));
  const [multilingualAnalyses, hardAnalyses] = [await analyse(multilingual), await analyse(hard)];

  console.log('HELD-OUT (informational, no bar): items written without sight of the rules; figures only, mistakes withheld');
  const byLanguage = tally(multilingual, multilingualAnalyses, (c) => c.language ?? 'und');
  printTable('held-out per-language accuracy (held-out/multilingual.jsonl)', byLanguage, () => undefined);
  const byKind = tally(hard, hardAnalyses, (c) => c.kind ?? 'other');
  printTable('held-out hard cases, English (held-out/hard-cases.jsonl)', byKind, () => undefined);
  printConfusions('held-out multilingual', multilingual, multilingualAnalyses);
  printConfusions('held-out hard cases', hard, hardAnalyses);
  printConfidence([...multilingual, ...hard], [...multilingualAnalyses, ...hardAnalyses]);

  const all = (groups: Map<string, Score>) => groups.get('all')!;
  console.log(
    `\nHELD-OUT: multilingual sentiment ${pct(ratio(all(byLanguage), 'sentiment'))}, type ${pct(ratio(all(byLanguage), 'type'))}; ` +
      `hard cases sentiment ${pct(ratio(all(byKind), 'sentiment'))}, type ${pct(ratio(all(byKind), 'type'))} (informational)`,
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
