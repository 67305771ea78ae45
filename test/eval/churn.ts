/**
 * Churn risk of the offline analyzer (the whole analyzer: language identification, cue files, sentiment):
 * accuracy, precision and recall of `churnRisk` per language and overall, and how many threats were still
 * read as positive (never, by rule). Every set is tuning data now, so mistakes are printed in full:
 * - test/fixtures/churn/tuning/items.json: the set the cues were first tuned on;
 * - test/fixtures/churn/held-out/items.json: the first held-out set, spent (measured once, since then tuning);
 * - test/fixtures/churn/held-out-2/items.json: the second held-out set, spent the same way.
 *
 *   npx tsx test/eval/churn.ts [--set tuning|held-out|held-out-2|held-out-3|held-out-4]   (all by default)
 *
 * Bar: accuracy >= 90% in at least five languages, on every set run; the languages below 90% are named. Exits 1
 * when a set is below the bar. The first-run figures of each held-out set are in its README.
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

const SETS = [
  { set: 'tuning', title: 'tuning' },
  { set: 'held-out', title: 'held-out, spent / now tuning' },
  { set: 'held-out-2', title: 'held-out-2, spent / now tuning' },
  { set: 'held-out-3', title: 'held-out-3, spent / now tuning' },
  { set: 'held-out-4', title: 'held-out-4, blind: figures only', blind: true },
] as const;
export type ChurnSet = (typeof SETS)[number]['set'];

/** Scores the chosen sets (all by default); true when each meets the bar. */
export async function evaluateChurn(sets: readonly ChurnSet[] = SETS.map(({ set }) => set)): Promise<boolean> {
  let pass = true;
  for (const entry of SETS.filter(({ set }) => sets.includes(set))) {
    const { set, title } = entry;
    const file = path.join(FIXTURES, set, 'items.json');
    if (!existsSync(file)) continue;
    const { meeting } = await evaluateSet(title, file, !('blind' in entry));
    const ok = meeting >= CHURN_BAR.languages;
    console.log(`${ok ? 'PASS' : 'FAIL'}: ${meeting} languages at >= 90% churnRisk accuracy on the ${set} set (bar: ${CHURN_BAR.languages})`);
    pass &&= ok;
  }
  return pass;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const set = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : undefined;
  const known = SETS.map((s) => s.set as string);
  if (set !== undefined && !known.includes(set)) throw new Error(`--set must be one of ${known.join(', ')}, not ${set}`);
  process.exit((await evaluateChurn(set === undefined ? undefined : [set as ChurnSet])) ? 0 : 1);
}
