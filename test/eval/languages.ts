/**
 * Evaluates the offline analyzer beyond English and on hard cases:
 * - test/fixtures/analysis/multilingual.jsonl: per-language sentiment and type accuracy;
 * - test/fixtures/analysis/hard-cases.jsonl: contrast, negation, removals, sarcasm, complaint questions;
 * - how the recorded confidence separates right answers from wrong ones.
 * The fixtures are evaluation data only: the cue lexicons and rules were written and tuned against
 * src/analysis/offline/training/tuning/*.jsonl, never against these files.
 *
 *   npx tsx test/eval/languages.ts
 *
 * Bars: es, fr, de, pt, it, nl sentiment >= 80% and type >= 70%; ja, zh, ru, tr sentiment and type >= 50%
 * (a real answer, where blanket neutral/other scores about 35% and 0-20%); hard cases sentiment >= 80%, type >= 70%.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Analysis, Analyzer } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'analysis');
export const MAIN_LANGUAGES = ['es', 'fr', 'de', 'pt', 'it', 'nl'];
export const OTHER_LANGUAGES = ['ja', 'zh', 'ru', 'tr'];
export const LANGUAGE_BARS = { main: { sentiment: 0.8, type: 0.7 }, other: { sentiment: 0.5, type: 0.5 }, hard: { sentiment: 0.8, type: 0.7 } };

export interface LabelledCase {
  text: string;
  sentiment: string;
  type: string;
  /** multilingual.jsonl: the language; hard-cases.jsonl: the construction. */
  language?: string;
  kind?: string;
}

export interface Score {
  total: number;
  sentiment: number;
  type: number;
}

export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
export const ratio = (s: Score, key: 'sentiment' | 'type') => (s.total === 0 ? 0 : s[key] / s.total);

export function tally(cases: LabelledCase[], analyses: Analysis[], groupOf: (c: LabelledCase) => string): Map<string, Score> {
  const groups = new Map<string, Score>();
  cases.forEach((c, i) => {
    for (const key of [groupOf(c), 'all']) {
      const score = groups.get(key) ?? { total: 0, sentiment: 0, type: 0 };
      score.total++;
      if (analyses[i].sentiment === c.sentiment) score.sentiment++;
      if (analyses[i].type === c.type) score.type++;
      groups.set(key, score);
    }
  });
  return groups;
}

export function printTable(title: string, groups: Map<string, Score>, barFor: (group: string) => { sentiment: number; type: number } | undefined): boolean {
  console.log(`\n${title}`);
  console.log(`${'group'.padEnd(20)}${'items'.padStart(6)}${'sentiment'.padStart(11)}${'type'.padStart(9)}   bar`);
  let pass = true;
  // The total last.
  for (const [group, score] of [...groups].sort(([a], [b]) => Number(a === 'all') - Number(b === 'all'))) {
    const bar = barFor(group);
    const ok = !bar || (ratio(score, 'sentiment') >= bar.sentiment && ratio(score, 'type') >= bar.type);
    pass &&= ok;
    const barText = bar ? `${pct(bar.sentiment)} / ${pct(bar.type)} ${ok ? 'ok' : 'BELOW'}` : '';
    console.log(
      `${group.padEnd(20)}${String(score.total).padStart(6)}${pct(ratio(score, 'sentiment')).padStart(11)}${pct(ratio(score, 'type')).padStart(9)}   ${barText}`,
    );
  }
  return pass;
}

export function printMistakes(cases: LabelledCase[], analyses: Analysis[]): void {
  const wrong = cases.map((c, i) => ({ c, a: analyses[i] })).filter(({ c, a }) => a.sentiment !== c.sentiment || a.type !== c.type);
  if (wrong.length === 0) return;
  console.log('  mistakes:');
  for (const { c, a } of wrong) {
    console.log(`    [${c.language ?? c.kind}] expected ${c.sentiment}/${c.type}, got ${a.sentiment}/${a.type} (confidence ${a.confidence}): ${c.text}`);
  }
}

/** Mean confidence of fully right answers against answers with a mistake: a useful confidence is higher on the first. */
export function printConfidence(cases: LabelledCase[], analyses: Analysis[]): void {
  const right: number[] = [];
  const wrong: number[] = [];
  cases.forEach((c, i) => (analyses[i].sentiment === c.sentiment && analyses[i].type === c.type ? right : wrong).push(analyses[i].confidence ?? NaN));
  const mean = (v: number[]) => (v.length === 0 ? 'n/a' : (v.reduce((a, b) => a + b, 0) / v.length).toFixed(2));
  console.log(`\nconfidence: mean ${mean(right)} on ${right.length} right answers, ${mean(wrong)} on ${wrong.length} answers with a mistake`);
}

/** The offline analyzer unless another is given (`llm-live.ts` passes the LLM analyzer). */
export async function evaluateLanguages(given?: Pick<Analyzer, 'analyze'>): Promise<boolean> {
  const analyzer = given ?? (await loadOfflineAnalyzer());
  const multilingual = await readJsonl<LabelledCase>(path.join(FIXTURES, 'multilingual.jsonl'));
  const hard = await readJsonl<LabelledCase>(path.join(FIXTURES, 'hard-cases.jsonl'));
  const english = await readJsonl<LabelledCase>(path.join(FIXTURES, 'sentiment-type.jsonl'));
  const analyse = (cases: LabelledCase[]) => Promise.all(cases.map((c) => analyzer.analyze(c.text)));
  const [multilingualAnalyses, hardAnalyses, englishAnalyses] = [await analyse(multilingual), await analyse(hard), await analyse(english)];

  const byLanguage = tally(multilingual, multilingualAnalyses, (c) => c.language ?? 'und');
  const languagesPass = printTable('per-language accuracy (multilingual.jsonl)', byLanguage, (group) =>
    MAIN_LANGUAGES.includes(group) ? LANGUAGE_BARS.main : OTHER_LANGUAGES.includes(group) ? LANGUAGE_BARS.other : undefined,
  );
  printMistakes(multilingual, multilingualAnalyses);

  const byKind = tally(hard, hardAnalyses, (c) => c.kind ?? 'other');
  const hardPass = printTable('hard cases (hard-cases.jsonl)', byKind, (group) => (group === 'all' ? LANGUAGE_BARS.hard : undefined));
  printMistakes(hard, hardAnalyses);

  printConfidence([...english, ...multilingual, ...hard], [...englishAnalyses, ...multilingualAnalyses, ...hardAnalyses]);
  const pass = languagesPass && hardPass;
  const all = (groups: Map<string, Score>) => groups.get('all')!;
  console.log(
    `\n${pass ? 'PASS' : 'FAIL'}: multilingual sentiment ${pct(ratio(all(byLanguage), 'sentiment'))}, type ${pct(ratio(all(byLanguage), 'type'))}; ` +
      `hard cases sentiment ${pct(ratio(all(byKind), 'sentiment'))}, type ${pct(ratio(all(byKind), 'type'))}`,
  );
  return pass;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit((await evaluateLanguages()) ? 0 : 1);
}
