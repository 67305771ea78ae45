/**
 * Contrast: in "great app but the ads are too intrusive" the clause after the marker is the point;
 * in "the ads are too intrusive, otherwise a great app" the clause before it is; in "Great idea,
 * terrible execution" (no marker) a negative last clause after a positive one is; in "quick support,
 * even if the refund took a week" what is conceded is not. The word lists are data (`lists/contrast.json`).
 */
import type { FeedbackType, Sentiment } from '../../analyzer.js';
import { lexiconScores } from '../sentiment/lexicon.js';
import { hasProblem, namesProblem, problemType, withoutNegatedProblems } from './problem.js';
import { productSignals } from './product-signals.js';
import { ruleLists, wordsPattern } from './rule-lists.js';
import lists from './lists/contrast.json' with { type: 'json' };

export interface ContrastVerdict {
  sentiment: Sentiment;
  type: FeedbackType;
}

const { contrastMarker, headIsPoint, minor, tailResolves, firstDoubted, concession, judgedGrievance } = ruleLists(lists);

const CONTRAST = wordsPattern(contrastMarker.phrases, 'gi');
const HEAD_IS_POINT = wordsPattern(headIsPoint.phrases, 'i');
const MINOR = wordsPattern(minor.phrases, 'i');
const TAIL_RESOLVES = new RegExp(String.raw`\b${tailResolves.solver} (${tailResolves.adverb} )?${tailResolves.verb}`, 'i');
const FIRST_DOUBTED = wordsPattern(firstDoubted.phrases, 'i');

function negativeClause(clause: string): ContrastVerdict | undefined {
  const plain = withoutNegatedProblems(clause);
  const signals = productSignals(plain);
  if (hasProblem(signals, plain) || lexiconScores(clause).compound <= -0.25) return { sentiment: 'negative', type: problemType(signals, plain) };
  return undefined;
}

export function readContrast(text: string): ContrastVerdict | undefined {
  const conceded = withoutConcession(text);
  if (conceded) return conceded;
  const headPoint = HEAD_IS_POINT.exec(text);
  if (headPoint) {
    const head = text.slice(0, headPoint.index);
    // "only problem is dark mode is a little too dark, otherwise this app changed my mornings": a problem
    // made small, then strong praise, is praise.
    if (MINOR.test(head) && lexiconScores(text.slice(headPoint.index)).compound >= 0.25) return { sentiment: 'positive', type: 'praise' };
    const problem = negativeClause(head);
    if (problem) return problem;
  }
  const markers = [...text.matchAll(CONTRAST)];
  if (markers.length === 0) return asyndetic(text);
  const last = markers[markers.length - 1];
  let head = text.slice(0, last.index);
  let tail = text.slice(last.index + last[0].length);
  // "the checkout is confusing though" (or "… though, missed my calls"): a trailing marker qualifies its own sentence.
  if (!/\p{L}/u.test(tail) || (/^though$/i.test(last[0]) && /^\s*,/.test(tail))) {
    const sentences = head.split(/(?<=[.!?])\s+/);
    tail = sentences.pop() ?? '';
    head = sentences.join(' ');
  }
  if (!/\p{L}/u.test(head)) return undefined;
  const tailSignals = productSignals(tail);
  const tailScore = lexiconScores(tail).compound;
  const tailResolves = tailSignals.resolved || TAIL_RESOLVES.test(tail);
  if (!tailResolves) {
    const problem = negativeClause(tail);
    if (problem) return problem;
  }
  const headSignals = productSignals(head);
  const headNegative = hasProblem(headSignals, head) || lexiconScores(head).compound < 0 || FIRST_DOUBTED.test(head);
  if (headNegative && (tailScore >= 0.3 || tailResolves || tailSignals.gratitude)) return { sentiment: 'positive', type: 'praise' };
  return undefined;
}

/** A concession up to the next punctuation. */
const CONCESSION = new RegExp(String.raw`\b${concession.phrases}\b[^,.;!?]*[,.;!?]?`, 'i');

/** "Quick support, even if the refund took a week": what is conceded is not the point, the rest of the text is. */
function withoutConcession(text: string): ContrastVerdict | undefined {
  const concession = CONCESSION.exec(text);
  if (!concession) return undefined;
  const rest = `${text.slice(0, concession.index)} ${text.slice(concession.index + concession[0].length)}`.trim();
  const signals = productSignals(rest);
  if (!/\p{L}/u.test(rest) || signals.featureRequest || signals.question) return undefined;
  // A topic of grievance alone ("customer support", "the price") is no problem here: "support was super quick".
  const score = lexiconScores(rest).compound;
  if (namesProblem(rest) === 'definite' || score <= -0.25) return { sentiment: 'negative', type: problemType(signals, rest) };
  return score >= 0.3 ? { sentiment: 'positive', type: 'praise' } : undefined;
}

/** "Great idea, terrible execution", "love the recipes, hate the popups": clauses side by side. */
function asyndetic(text: string): ContrastVerdict | undefined {
  const clauses = text
    .split(/[,;:]|(?<=[.!?])\s+/)
    .map((c) => c.trim())
    .filter((c) => /\p{L}/u.test(c));
  if (clauses.length < 2) return undefined;
  const last = clauses[clauses.length - 1];
  // Only short, clearly praising clauses ("Great idea", "love the recipes"): longer ones are
  // narration whose lexicon score says little.
  const praised = clauses.slice(0, -1).some((c) => c.split(/\s+/).length <= 6 && lexiconScores(c).compound >= 0.4 && namesProblem(c) !== 'definite');
  return praised ? plainlyNegative(last) : undefined;
}

const JUDGED_GRIEVANCE = wordsPattern(judgedGrievance.phrases, 'i');

/**
 * Without a contrast word, the last clause must be negative in its own right: something failed or annoys, a
 * grievance is judged, or its words read negative once denied problems are set aside. A topic of grievance
 * alone ("Happy with the service, the new price list is a time saver", "Thanks, your support team was
 * fantastic") is praise going on.
 */
function plainlyNegative(clause: string): ContrastVerdict | undefined {
  const plain = withoutNegatedProblems(clause);
  if (namesProblem(clause) !== 'definite' && !JUDGED_GRIEVANCE.test(plain) && lexiconScores(plain).compound > -0.25) return undefined;
  return { sentiment: 'negative', type: problemType(productSignals(plain), plain) };
}
