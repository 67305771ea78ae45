/**
 * Churn risk of the offline analyzer (the whole analyzer: language identification, cue files, sentiment):
 * accuracy, precision and recall of `churnRisk` per language and overall, and how many threats were still
 * read as positive (never, by rule).
 * - test/fixtures/churn/tuning/items.json: the set the cues were tuned on; mistakes printed in full.
 * - test/fixtures/churn/held-out/items.json: the first held-out set, spent (measured once, since then part of
 *   tuning); mistakes printed in full.
 * - test/fixtures/churn/held-out-2/items.json, when present: the blind held-out set, written without sight of
 *   the cues; figures only, mistakes withheld, so that nothing gets tuned against it.
 *
 *   npx tsx test/eval/churn.ts [--set tuning|held-out]   (both by default; `tuning` is the tuning set and the
 *                                                        spent one, `held-out` the blind held-out-2)
 *
 * Bar: accuracy >= 90% in at least five languages, judged on the blind held-out set when it is scored, else on
 * the tuning set. Exits 1 when below it. `npm run eval` gates on the tuning set and prints the held-out figures
 * without gating, as for every held-out set (a held-out miss cannot be tuned away without spoiling the set).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Analysis } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'churn');
export const CHURN_BAR = { accuracy: 0.9, languages: 5 };

interface ChurnCase {
  id: string;
  language: string;
  text: string;
  churnRisk: boolean;
  note?: string;
}

interface Counts {
  total: number;
  truePositive: number;
  falsePositive: number;
  trueNegative: number;
  falseNegative: number;
}

const pct = (v: number) => (Number.isNaN(v) ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const accuracy = (c: Counts) => (c.truePositive + c.trueNegative) / c.total;
const precision = (c: Counts) => c.truePositive / (c.truePositive + c.falsePositive);
const recall = (c: Counts) => c.truePositive / (c.truePositive + c.falseNegative);

function tally(cases: ChurnCase[], analyses: Analysis[]): Map<string, Counts> {
  const groups = new Map<string, Counts>();
  cases.forEach((c, i) => {
    for (const key of [c.language, 'all']) {
      const counts = groups.get(key) ?? { total: 0, truePositive: 0, falsePositive: 0, trueNegative: 0, falseNegative: 0 };
      counts.total++;
      const said = analyses[i].churnRisk;
      if (said && c.churnRisk) counts.truePositive++;
      else if (said) counts.falsePositive++;
      else if (c.churnRisk) counts.falseNegative++;
      else counts.trueNegative++;
      groups.set(key, counts);
    }
  });
  return groups;
}

/** Prints the table; returns how many languages (not `all`) meet the accuracy bar. */
function printTable(title: string, groups: Map<string, Counts>): number {
  console.log(`\n${title}`);
  console.log(`${'language'.padEnd(10)}${'items'.padStart(6)}${'accuracy'.padStart(10)}${'precision'.padStart(11)}${'recall'.padStart(9)}`);
  let meeting = 0;
  for (const [group, counts] of [...groups].sort(([a], [b]) => Number(a === 'all') - Number(b === 'all') || a.localeCompare(b))) {
    const ok = accuracy(counts) >= CHURN_BAR.accuracy;
    if (group !== 'all' && ok) meeting++;
    console.log(
      `${group.padEnd(10)}${String(counts.total).padStart(6)}${pct(accuracy(counts)).padStart(10)}${pct(precision(counts)).padStart(11)}${pct(recall(counts)).padStart(9)}` +
        (group === 'all' ? '' : ok ? '   >= 90%' : ''),
    );
  }
  return meeting;
}

async function evaluateSet(name: string, file: string, showMistakes: boolean): Promise<{ meeting: number; all: Counts }> {
  const cases = JSON.parse(await readFile(file, 'utf8')) as ChurnCase[];
  const analyzer = await loadOfflineAnalyzer();
  const analyses = await Promise.all(cases.map((c) => analyzer.analyze(c.text)));
  const groups = tally(cases, analyses);
  const meeting = printTable(`churnRisk, ${name} (${path.relative(process.cwd(), file)})`, groups);
  const positiveThreats = analyses.filter((a) => a.churnRisk && a.sentiment === 'positive').length;
  console.log(`items with churnRisk read as positive: ${positiveThreats}`);
  if (showMistakes) {
    const wrong = cases.filter((c, i) => analyses[i].churnRisk !== c.churnRisk);
    if (wrong.length > 0) console.log('  mistakes:');
    for (const c of wrong) console.log(`    [${c.id}] expected ${c.churnRisk}: ${c.text}`);
  }
  const all = groups.get('all')!;
  console.log(
    `${name.toUpperCase()}: churnRisk accuracy ${pct(accuracy(all))}, precision ${pct(precision(all))}, recall ${pct(recall(all))}; ` +
      `${meeting} languages at >= 90% accuracy`,
  );
  return { meeting, all };
}

export async function evaluateChurn(sets: { tuning: boolean; heldOut: boolean } = { tuning: true, heldOut: true }): Promise<boolean> {
  const tuning = sets.tuning ? await evaluateSet('tuning', path.join(FIXTURES, 'tuning', 'items.json'), true) : undefined;
  const spentFile = path.join(FIXTURES, 'held-out', 'items.json');
  if (sets.tuning && existsSync(spentFile)) await evaluateSet('held-out, spent / now tuning', spentFile, true);
  const heldOutFile = path.join(FIXTURES, 'held-out-2', 'items.json');
  const heldOut = sets.heldOut && existsSync(heldOutFile) ? await evaluateSet('held-out-2', heldOutFile, false) : undefined;
  const judged = heldOut ? { name: 'held-out-2', ...heldOut } : tuning ? { name: 'tuning', ...tuning } : undefined;
  if (!judged) {
    console.log('no churn set to score');
    return true;
  }
  const pass = judged.meeting >= CHURN_BAR.languages;
  console.log(`\n${pass ? 'PASS' : 'FAIL'}: ${judged.meeting} languages at >= 90% churnRisk accuracy on the ${judged.name} set (bar: ${CHURN_BAR.languages})`);
  return pass;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const set = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : undefined;
  if (set !== undefined && set !== 'tuning' && set !== 'held-out') throw new Error(`--set must be tuning or held-out, not ${set}`);
  process.exit((await evaluateChurn({ tuning: set !== 'held-out', heldOut: set !== 'tuning' })) ? 0 : 1);
}
