/**
 * Writes what the offline analyzer makes of every customer text in the fixtures, one JSON line per distinct text:
 * the analysis without its embedding, and what the English rules read in it. Run it before and after a change that
 * must not alter behaviour (a refactor, data moved out of code) and diff the two files.
 *
 *   npx tsx test/eval/analysis-snapshot.ts /tmp/before.jsonl
 *
 * `cues` holds the raw readings of the cue files in the detected language and in English (cue counts, problem-report
 * cues, churn risk), which the analysis shows only after the classifier has weighed them.
 *
 * Texts are the `text` fields of every .json and .jsonl file under test/fixtures, at any depth.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { detectChurnRisk } from '../../src/analysis/offline/churn/detect-churn.js';
import { countCues, lexiconFor } from '../../src/analysis/offline/multilingual/cue-matcher.js';
import { foldText } from '../../src/analysis/offline/multilingual/cue-pattern.js';
import { readProblemReport } from '../../src/analysis/offline/problem-report/problem-report-cues.js';
import { detectHardCase } from '../../src/analysis/offline/rules/hard-cases.js';
import { readContrast } from '../../src/analysis/offline/rules/contrast.js';
import { namesProblem, withoutNegatedProblems } from '../../src/analysis/offline/rules/problem.js';
import { productSignals } from '../../src/analysis/offline/rules/product-signals.js';
import { isRemovalComplaint, removesNuisance } from '../../src/analysis/offline/rules/removal.js';
import { isSarcastic } from '../../src/analysis/offline/rules/sarcasm.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const BATCH = 64;

async function fixtureFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return fixtureFiles(full);
      return Promise.resolve(/\.jsonl?$/.test(e.name) ? [full] : []);
    }),
  );
  return nested.flat().sort();
}

function textsIn(value: unknown, found: string[]): void {
  if (Array.isArray(value)) value.forEach((v) => textsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'text' && typeof v === 'string') found.push(v);
      else textsIn(v, found);
    }
  }
}

async function fixtureTexts(): Promise<{ texts: string[]; occurrences: number; files: number }> {
  const files = await fixtureFiles(FIXTURES);
  const found: string[] = [];
  for (const file of files) {
    const raw = await readFile(file, 'utf8');
    const documents = file.endsWith('.jsonl')
      ? raw
          .split('\n')
          .filter((line) => line.trim())
          .map((line) => JSON.parse(line) as unknown)
      : [JSON.parse(raw) as unknown];
    textsIn(documents, found);
  }
  return { texts: [...new Set(found)], occurrences: found.length, files: files.length };
}

function ruleReadings(text: string) {
  const problem = namesProblem(text);
  const signals = productSignals(text);
  return {
    hardCase: detectHardCase(text) ?? null,
    contrast: readContrast(text) ?? null,
    problem: problem ?? null,
    signals,
    withoutNegatedProblems: withoutNegatedProblems(text),
    removal: isRemovalComplaint(text),
    nuisance: removesNuisance(text),
    sarcastic: isSarcastic(text, problem, signals.resolved),
  };
}

/** What the cue loaders read in a text, in `language`: only the readings that language has cues for. */
function cueReadings(text: string, language: string) {
  const folded = foldText(text);
  const lexicon = lexiconFor(language);
  const report = readProblemReport(folded, language);
  return {
    lexicon: lexicon ? countCues(lexicon, folded) : null,
    problemReport: report ? { ...report, failure: report.failure.map((m) => [m.index, m[0]]) } : null,
    churnRisk: detectChurnRisk(text, language),
  };
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('usage: npx tsx test/eval/analysis-snapshot.ts <output.jsonl>');
  const { texts, occurrences, files } = await fixtureTexts();
  const analyzer = await loadOfflineAnalyzer();
  const lines: string[] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    const batch = texts.slice(i, i + BATCH);
    const analyses = await Promise.all(batch.map((t) => analyzer.analyze(t)));
    analyses.forEach(({ embedding: _embedding, ...analysis }, j) => {
      const languages = [...new Set([analysis.language, 'en'])];
      const cues = Object.fromEntries(languages.map((language) => [language, cueReadings(batch[j], language)]));
      lines.push(JSON.stringify({ text: batch[j], analysis, rules: ruleReadings(batch[j]), cues }));
    });
  }
  await writeFile(out, `${lines.join('\n')}\n`);
  console.log(`${texts.length} distinct texts (${occurrences} in ${files} files) written to ${out}`);
}

await main();
