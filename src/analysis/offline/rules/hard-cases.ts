/**
 * English constructions where the sentence embedding and the lexicon point the wrong way, because
 * the words that carry the meaning are outnumbered by friendly ones:
 * - removals: "why did you remove bulk edit?? bring it back" (a complaint: see removal.ts), and a
 *   nuisance taken away, "so glad the autoplay videos are gone" (praise);
 * - questions that are complaints: "why is it so slow now??", "who thought hiding settings was a good idea?";
 * - sarcasm: "Great, another update that logs me out 🙄" (see sarcasm.ts);
 * - negated problems: "never had a single problem", "can't complain" (praise in negative words);
 * - contrast: "great app but the ads are too intrusive" (see contrast.ts);
 * - problems reported as a question or a request for help: "the export cuts off the last page, can you
 *   look into it?" (a bug, not a question or a request; see problem-report.ts);
 * - requests phrased as questions: "can you add folders?" (a feature request, not a question);
 * - a fix reported with nothing else wrong: "the update actually fixed my sync!", "fine since the patch,
 *   thank you" (praise, not a bug).
 * Each rule answers only when its construction is present; otherwise the classifier's answer stands.
 * The word lists are data (`lists/<rule>.json`, read by `rule-lists.ts`).
 */
import type { FeedbackType, Sentiment } from '../../analyzer.js';
import { readContrast } from './contrast.js';
import { hasProblem, namesProblem, problemType } from './problem.js';
import { lexiconScores } from '../sentiment/lexicon.js';
import { productSignals } from './product-signals.js';
import { isRemovalComplaint, removesNuisance } from './removal.js';
import { isSarcastic } from './sarcasm.js';
import { readEnglishProblemReport } from './problem-report.js';
import { ruleLists, wordsPattern } from './rule-lists.js';
import lists from './lists/hard-cases.json' with { type: 'json' };

export { hasProblem } from './problem.js';

export type HardCaseKind = 'contrast' | 'negation' | 'removal' | 'sarcasm' | 'complaint-question' | 'problem-report' | 'request' | 'resolved';

export interface HardCaseVerdict {
  kind: HardCaseKind;
  sentiment: Sentiment;
  type: FeedbackType;
}

const { negatedProblem, negationQualifier, questionLeadIn, complaintQuestion, whyLeadIn, anyoneElse, questionOpener, asksToAdd, fixHeld } = ruleLists(lists);

const NEGATED_PROBLEM = new RegExp(String.raw`\b${negatedProblem.phrases}`, 'i');
const NEGATION_QUALIFIER = wordsPattern(negationQualifier.phrases, 'i');
const COMPLAINT_QUESTION = new RegExp(String.raw`^\s*${questionLeadIn.phrases}?(${complaintQuestion.phrases}|why ${complaintQuestion.why})`, 'i');
const QUESTION_WITH_WHY = new RegExp(String.raw`^\s*${whyLeadIn.phrases}?why\b`, 'i');
const ANYONE_ELSE = new RegExp(String.raw`^\s*${anyoneElse.phrases}\b`, 'i');
/** A question opener with no question mark is still a question. */
const QUESTION_OPENER = new RegExp(String.raw`^\s*${questionLeadIn.phrases}?${questionOpener.phrases}\b`, 'i');
const { greeting, ask, addressee, please, verb, notAnAddition } = asksToAdd;
const ASKS_TO_ADD = new RegExp(String.raw`^\s*${greeting}?${ask} ${addressee} (${please} )?${verb}\b(?! ${notAnAddition}\b)`, 'i');
const FIX_HELD = new RegExp(String.raw`\b${fixHeld.running} (\w+ )?${fixHeld.fine} (ever )?${fixHeld.since} ${fixHeld.determiner} ${fixHeld.fix}\b`, 'i');

export function detectHardCase(text: string): HardCaseVerdict | undefined {
  const signals = productSignals(text);
  if (isRemovalComplaint(text) && !signals.resolved) return { kind: 'removal', sentiment: 'negative', type: 'complaint' };

  const asks = /\?/.test(text) || QUESTION_OPENER.test(text);
  if (asks && COMPLAINT_QUESTION.test(text)) return { kind: 'complaint-question', sentiment: 'negative', type: problemType(signals, text) };
  if (asks && QUESTION_WITH_WHY.test(text) && hasProblem(signals, text) && !signals.featureRequest) {
    return { kind: 'complaint-question', sentiment: 'negative', type: problemType(signals, text) };
  }

  const problem = namesProblem(text);
  if (asks && ANYONE_ELSE.test(text) && problem)
    return { kind: 'complaint-question', sentiment: 'negative', type: problem === 'definite' ? 'bug' : 'complaint' };
  const reportedType = readEnglishProblemReport(text, signals, problem, asks);
  if (reportedType) return { kind: 'problem-report', sentiment: 'negative', type: reportedType };
  if (isSarcastic(text, problem, signals.resolved)) return { kind: 'sarcasm', sentiment: 'negative', type: problemType(signals, text) };
  if (NEGATED_PROBLEM.test(text) && problem !== 'definite' && !NEGATION_QUALIFIER.test(text))
    return { kind: 'negation', sentiment: 'positive', type: 'praise' };
  if (ASKS_TO_ADD.test(text) && !problem) return { kind: 'request', sentiment: 'neutral', type: 'feature_request' };
  // "the new update actually fixed my sync!", "fine since the patch, thanks": a fix reported with nothing else wrong is praise.
  if (!asks && (signals.resolved || FIX_HELD.test(text)) && !problem && lexiconScores(text).compound >= 0.3)
    return { kind: 'resolved', sentiment: 'positive', type: 'praise' };
  // "So glad the autoplay videos are gone": a nuisance taken away, nothing else wrong.
  if (!asks && removesNuisance(text) && !problem) return { kind: 'removal', sentiment: 'positive', type: 'praise' };
  const contrast = readContrast(text);
  return contrast && { kind: 'contrast', ...contrast };
}
