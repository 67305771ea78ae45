/**
 * What counts as "something went wrong" inside a clause, shared by the hard-case rules: the product
 * signals plus problems they miss, after negated problems ("never crashes", "no ads") are set aside.
 * The word lists are data (`lists/problem.json`).
 */
import type { FeedbackType } from '../../analyzer.js';
import { productSignals, type ProductSignals } from './product-signals.js';
import { REMOVED_NUISANCES } from './removal.js';
import { ruleLists, wordsPattern } from './rule-lists.js';
import lists from './lists/problem.json' with { type: 'json' };

const { extraProblem, timeout, broken, negatedProblem, remediedProblem } = ruleLists(lists);

const EXTRA_PROBLEM = wordsPattern(extraProblem.phrases, 'i');
const TIMEOUT = wordsPattern(timeout.phrases, 'i');
const BROKEN = new RegExp(String.raw`\b${broken.phrases}`, 'i');
const NEGATED_PROBLEM_PHRASE = new RegExp(String.raw`\b${negatedProblem.negator}( \w+){0,3}? ${negatedProblem.problem}\b`, 'gi');
const REMEDIED_PROBLEM = new RegExp(
  String.raw`\b${remediedProblem.remedy} (the|my|a|our) ${remediedProblem.faulty}\b|\b${remediedProblem.fixing} (the|that|this|my|our|all) \w+`,
  'gi',
);

export function withoutNegatedProblems(text: string): string {
  return text.replace(NEGATED_PROBLEM_PHRASE, ' ').replace(REMEDIED_PROBLEM, ' ').replace(REMOVED_NUISANCES, ' ');
}

export function hasProblem(signals: ProductSignals, text: string): boolean {
  const signalled = signals.crash || signals.malfunction || signals.slow || signals.grievance || signals.negatedPositive;
  return (signalled && !signals.resolved) || EXTRA_PROBLEM.test(text);
}

/**
 * Whether the text names a problem once negated ones are set aside: `definite` when something failed
 * or annoys, `topical` when it only names a usual topic of grievance (price, support, refund).
 */
export function namesProblem(text: string): 'definite' | 'topical' | undefined {
  const plain = withoutNegatedProblems(text);
  const signals = productSignals(plain);
  if (!hasProblem(signals, plain)) return undefined;
  const failed = (signals.crash || signals.malfunction || signals.slow || signals.negatedPositive) && !signals.resolved;
  return failed || EXTRA_PROBLEM.test(plain) ? 'definite' : 'topical';
}

/** `bug` when something is broken, `complaint` for everything else that is wrong. */
export function problemType(signals: ProductSignals, text: string): FeedbackType {
  return signals.crash || signals.malfunction || TIMEOUT.test(text) || BROKEN.test(text) ? 'bug' : 'complaint';
}
