/**
 * The offline analyzer on its own tuning items (src/analysis/offline/training/tuning/*.jsonl): the
 * items the cue lexicons and hard-case rules were written against, so mistakes are printed in full.
 * Same bars as test/eval/languages.ts; a tuning set below them means a rule change broke what it was
 * written for. Unseen-text figures are the held-out ones (test/eval/held-out.ts), not these.
 *
 *   npx tsx test/eval/tuning.ts
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';
import { LANGUAGE_BARS, MAIN_LANGUAGES, type LabelledCase, type Score, pct, printMistakes, printTable, ratio, tally } from './languages.js';

const TUNING = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'analysis', 'offline', 'training', 'tuning');

export async function evaluateTuning(): Promise<boolean> {
  const analyzer = await loadOfflineAnalyzer();
  const multilingual = await readJsonl<LabelledCase>(path.join(TUNING, 'multilingual.jsonl'));
  const hard = await readJsonl<LabelledCase>(path.join(TUNING, 'hard-cases.jsonl'));
  const analyse = (cases: LabelledCase[]) => Promise.all(cases.map((c) => analyzer.analyze(c.text)));
  const [multilingualAnalyses, hardAnalyses] = [await analyse(multilingual), await analyse(hard)];

  const byLanguage = tally(multilingual, multilingualAnalyses, (c) => c.language ?? 'und');
  const languagesPass = printTable('tuning per-language accuracy (tuning/multilingual.jsonl)', byLanguage, (group) =>
    MAIN_LANGUAGES.includes(group) ? LANGUAGE_BARS.main : undefined,
  );
  printMistakes(multilingual, multilingualAnalyses);
  const byKind = tally(hard, hardAnalyses, (c) => c.kind ?? 'other');
  const hardPass = printTable('tuning hard cases (tuning/hard-cases.jsonl)', byKind, (group) => (group === 'all' ? LANGUAGE_BARS.hard : undefined));
  printMistakes(hard, hardAnalyses);

  const pass = languagesPass && hardPass;
  const all = (groups: Map<string, Score>) => groups.get('all')!;
  console.log(
    `\n${pass ? 'PASS' : 'FAIL'}: tuning multilingual sentiment ${pct(ratio(all(byLanguage), 'sentiment'))}, type ${pct(ratio(all(byLanguage), 'type'))}; ` +
      `tuning hard cases sentiment ${pct(ratio(all(byKind), 'sentiment'))}, type ${pct(ratio(all(byKind), 'type'))}`,
  );
  return pass;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit((await evaluateTuning()) ? 0 : 1);
}
