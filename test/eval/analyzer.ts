/**
 * Evaluates the offline analyzer on the labelled fixtures (kept separate from the training data).
 *
 *   npx tsx test/eval/analyzer.ts
 *
 * Bar: sentiment >= 85%, type >= 80%, language >= 97%. Exits 1 when below it.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FEEDBACK_TYPES, SENTIMENTS, type FeedbackType, type Sentiment } from '../../src/analysis/analyzer.js';
import { loadOfflineAnalyzer } from '../../src/analysis/offline/index.js';
import { readJsonl } from '../../src/analysis/offline/training/labelled-example.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'analysis');
export const BAR = { sentiment: 0.85, type: 0.8, language: 0.97 };

interface SentimentTypeCase {
  text: string;
  sentiment: Sentiment;
  type: FeedbackType;
}
interface LanguageCase {
  text: string;
  language: string;
}

export interface Mistake {
  text: string;
  expected: string;
  actual: string;
}

export interface EvaluationResult {
  sentiment: { accuracy: number; total: number; confusion: Record<string, Record<string, number>>; mistakes: Mistake[] };
  type: { accuracy: number; total: number; confusion: Record<string, Record<string, number>>; mistakes: Mistake[] };
  language: { accuracy: number; total: number; shortAccuracy: number; shortTotal: number; languages: number; mistakes: Mistake[] };
  pass: boolean;
}

/** 2-5 word texts, or up to 8 characters in scripts written without spaces. */
export function isShortText(text: string): boolean {
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return [...text].length <= 8;
  return text.trim().split(/\s+/).length <= 5;
}

function confusionMatrix(labels: readonly string[], pairs: { expected: string; actual: string }[]) {
  const matrix: Record<string, Record<string, number>> = {};
  for (const e of labels) matrix[e] = Object.fromEntries(labels.map((a) => [a, 0]));
  for (const { expected, actual } of pairs) matrix[expected][actual]++;
  return matrix;
}

export async function evaluateAnalyzer(): Promise<EvaluationResult> {
  const analyzer = await loadOfflineAnalyzer();
  const cases = await readJsonl<SentimentTypeCase>(path.join(FIXTURES, 'sentiment-type.jsonl'));
  const languageCases = await readJsonl<LanguageCase>(path.join(FIXTURES, 'language.jsonl'));

  const analyses = await Promise.all(cases.map((c) => analyzer.analyze(c.text)));
  const sentimentPairs = cases.map((c, i) => ({ text: c.text, expected: c.sentiment as string, actual: analyses[i].sentiment as string }));
  const typePairs = cases.map((c, i) => ({ text: c.text, expected: c.type as string, actual: analyses[i].type as string }));

  const languageAnalyses = await Promise.all(languageCases.map((c) => analyzer.analyze(c.text)));
  const languagePairs = languageCases.map((c, i) => ({ text: c.text, expected: c.language, actual: languageAnalyses[i].language }));
  const shortPairs = languagePairs.filter((p) => isShortText(p.text));

  const accuracy = (pairs: { expected: string; actual: string }[]) => pairs.filter((p) => p.expected === p.actual).length / pairs.length;
  const mistakes = (pairs: Mistake[]) => pairs.filter((p) => p.expected !== p.actual);

  const result: EvaluationResult = {
    sentiment: {
      accuracy: accuracy(sentimentPairs),
      total: cases.length,
      confusion: confusionMatrix(SENTIMENTS, sentimentPairs),
      mistakes: mistakes(sentimentPairs),
    },
    type: { accuracy: accuracy(typePairs), total: cases.length, confusion: confusionMatrix(FEEDBACK_TYPES, typePairs), mistakes: mistakes(typePairs) },
    language: {
      accuracy: accuracy(languagePairs),
      total: languagePairs.length,
      shortAccuracy: accuracy(shortPairs),
      shortTotal: shortPairs.length,
      languages: new Set(languageCases.map((c) => c.language)).size,
      mistakes: mistakes(languagePairs),
    },
    pass: false,
  };
  result.pass = result.sentiment.accuracy >= BAR.sentiment && result.type.accuracy >= BAR.type && result.language.accuracy >= BAR.language;
  return result;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

function printConfusion(title: string, matrix: Record<string, Record<string, number>>): void {
  const labels = Object.keys(matrix);
  const width = Math.max(...labels.map((l) => l.length)) + 2;
  console.log(`\n${title} (rows: expected, columns: predicted)`);
  console.log(''.padEnd(width) + labels.map((l) => l.slice(0, 8).padStart(9)).join(''));
  for (const e of labels) console.log(e.padEnd(width) + labels.map((a) => String(matrix[e][a]).padStart(9)).join(''));
}

function report(r: EvaluationResult): void {
  console.log(`sentiment accuracy: ${pct(r.sentiment.accuracy)} (${r.sentiment.total} texts, bar ${pct(BAR.sentiment)})`);
  console.log(`type accuracy:      ${pct(r.type.accuracy)} (${r.type.total} texts, bar ${pct(BAR.type)})`);
  console.log(`language accuracy:  ${pct(r.language.accuracy)} (${r.language.total} texts, ${r.language.languages} languages, bar ${pct(BAR.language)})`);
  console.log(`  short texts:      ${pct(r.language.shortAccuracy)} (${r.language.shortTotal} texts)`);
  printConfusion('sentiment confusion', r.sentiment.confusion);
  printConfusion('type confusion', r.type.confusion);
  const show = (title: string, list: Mistake[]) => {
    if (list.length === 0) return;
    console.log(`\n${title}:`);
    for (const m of list) console.log(`  expected ${m.expected}, got ${m.actual}: ${m.text}`);
  };
  show('sentiment mistakes', r.sentiment.mistakes);
  show('type mistakes', r.type.mistakes);
  show('language mistakes', r.language.mistakes);
  console.log(`\n${r.pass ? 'PASS' : 'FAIL'}: sentiment ${pct(r.sentiment.accuracy)}, type ${pct(r.type.accuracy)}, language ${pct(r.language.accuracy)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await evaluateAnalyzer();
  report(result);
  process.exit(result.pass ? 0 : 1);
}
