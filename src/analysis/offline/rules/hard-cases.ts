/**
 * English constructions where the sentence embedding and the lexicon point the wrong way, because
 * the words that carry the meaning are outnumbered by friendly ones:
 * - contrast: "great app but the ads are too intrusive" (what follows "but" is the point);
 * - removals: "why did you remove bulk edit?? bring it back" (a grievance, not a request);
 * - sarcasm: "Great, another update that logs me out" (praise words around a problem);
 * - questions that are complaints: "why is it so slow now??", "who thought hiding settings was a good idea?";
 * - negated problems: "never had a single problem", "can't complain" (praise in negative words).
 * Each rule answers only when its construction is present; otherwise the classifier's answer stands.
 */
import type { FeedbackType, Sentiment } from '../../analyzer.js';
import { lexiconScores } from '../sentiment/lexicon.js';
import { productSignals, type ProductSignals } from './product-signals.js';

export type HardCaseKind = 'contrast' | 'negation' | 'removal' | 'sarcasm' | 'complaint-question';

export interface HardCaseVerdict {
  kind: HardCaseKind;
  sentiment: Sentiment;
  type: FeedbackType;
}

const FEATURE_NOUN = '(feature|button|option|mode|view|tab|widget|setting|shortcut|tier|menu|filter|timer|icon|toggle|integration|support)s?';
const REMOVAL = new RegExp(
  [
    '\\bbring (it|them|this|that|the|back)\\b',
    '\\bbring\\b[^.!?]{0,40}\\bback\\b',
    '\\bput (it|them) back\\b',
    '\\b(why|who) (did|would|do) (you|they|anyone) (remove|take away|take out|get rid of|kill|drop|hide)',
    '\\b(you|they) (removed|dropped|killed|got rid of|took away|took out)\\b',
    '^\\s*(removed|removing)\\b',
    '\\b(removed|removing|got rid of|took away|taking away|dropping|dropped support for)\\b[^.!?]{0,30}\\b(was a|is a|huge|big|terrible|mistake)',
    `\\b${FEATURE_NOUN} (is|are|has been|have been|was|were) (gone|removed)\\b`,
    `\\b${FEATURE_NOUN} (disappeared|vanished)`,
    '\\bwhere did (the|my|it|our) [^?]{0,40}\\bgo\\b',
    '\\bmiss the old\\b',
    '\\btook away\\b',
  ].join('|'),
  'i',
);

const SARCASTIC_OPENER =
  /^\s*(oh,? )?((great|wonderful|fantastic|perfect|brilliant|awesome|amazing|lovely|wow|cool|super)\s*[,.!]|oh (great|wonderful|fantastic|perfect|brilliant|joy)\b|just what i needed|so glad (i|that)|love (how|that|it when|paying)|thanks (a lot |so much )?for (nothing|deleting|breaking|removing|making|wiping|losing)|(nice|good|great) job (breaking|removing|deleting|ruining|making)|brilliant idea|well done|yeah,? (sure|right))/i;
const SARCASM_ANYWHERE =
  /thanks for nothing|🙃|\byeah,? right\b|\bthanks? (you )?(a lot |so much )?for (deleting|breaking|removing|wiping|losing|ruining)|\b(nice|good|great) job (breaking|removing|deleting|ruining)/i;
const NEGATED_PROBLEM =
  /\b(never (had|have|ran into|seen) (a single |any |one )?(problem|issue|trouble|bug|crash)|no (complaints|issues|problems) (at all|so far|whatsoever|since)|nothing bad to say|can'?t complain|can'?t recommend [^.!?]{0,30}enough|not a single (problem|issue|bug|crash))/i;

const COMPLAINT_QUESTION =
  /^\s*(seriously,? )?(how (is it possible|come|hard can|many more times|long do i have|on earth)|who (thought|decided|approved)|is (anyone|anybody|someone) (actually |even )?(testing|reading|listening|working|checking)|what (happened to|is the point|'s the point)|what's the point|can (you|someone) explain why|why (on earth|the hell|do i (have|need) to (log|sign|pay|wait|re)|do i have to|am i being|would you|is (it|this|the \w+|everything) so|are there (ads|so many)|can'?t i|does (it|the \w+) (keep|always)|does it take))/i;
const QUESTION_WITH_WHY = /^\s*(seriously,? )?why\b/i;

const CONTRAST = /\b(but|however|although|though|except|yet|shame|sadly|unfortunately)\b/gi;
/** Product problems the shared signals miss that matter inside a clause. */
const EXTRA_PROBLEM =
  /\b((deleted|erased|wiped) (all )?(my|the|our)|never (answers?|replies|responds)|\d+ (seconds|minutes) to (open|load|start|sync)|(way )?too (many|much|intrusive|expensive)|confusing|annoying|intrusive|doubled|not ok|breaking|broke|a joke|have to [^.!?]{0,30}(every (single )?(time|day)|again|\d+ times|three times|twice))\b/i;
const TIMEOUT = /\btim(ed?|es) ?out\b/i;

export function hasProblem(signals: ProductSignals, text: string): boolean {
  const signalled = signals.crash || signals.malfunction || signals.slow || signals.grievance || signals.negatedPositive;
  return (signalled && !signals.resolved) || EXTRA_PROBLEM.test(text);
}

/** `bug` when something is broken, `complaint` for everything else that is wrong. */
function problemType(signals: ProductSignals, text: string): FeedbackType {
  return signals.crash || signals.malfunction || TIMEOUT.test(text) || /\b(delet(ed|ing)|eras(ed|ing)|wip(ed|ing)) (all )?(my|the|our)\b/i.test(text)
    ? 'bug'
    : 'complaint';
}

export function detectHardCase(text: string): HardCaseVerdict | undefined {
  const signals = productSignals(text);
  if (REMOVAL.test(text) && !signals.resolved) return { kind: 'removal', sentiment: 'negative', type: 'complaint' };

  const asks = /\?/.test(text);
  if (asks && COMPLAINT_QUESTION.test(text)) return { kind: 'complaint-question', sentiment: 'negative', type: problemType(signals, text) };
  if (asks && QUESTION_WITH_WHY.test(text) && hasProblem(signals, text) && !signals.featureRequest) {
    return { kind: 'complaint-question', sentiment: 'negative', type: problemType(signals, text) };
  }

  if ((SARCASTIC_OPENER.test(text) && hasProblem(signals, text)) || SARCASM_ANYWHERE.test(text)) {
    return { kind: 'sarcasm', sentiment: 'negative', type: problemType(signals, text) };
  }
  if (NEGATED_PROBLEM.test(text) && !/\b(but|however|except|until)\b/i.test(text)) return { kind: 'negation', sentiment: 'positive', type: 'praise' };
  return contrast(text);
}

/** Reads the clause after the last contrast word against the one before it. */
function contrast(text: string): HardCaseVerdict | undefined {
  const markers = [...text.matchAll(CONTRAST)];
  if (markers.length === 0) return undefined;
  const last = markers[markers.length - 1];
  let head = text.slice(0, last.index);
  let tail = text.slice(last.index + last[0].length);
  // "the checkout is confusing though": a trailing marker qualifies its own sentence.
  if (!/\p{L}/u.test(tail)) {
    const sentences = head.split(/(?<=[.!?])\s+/);
    tail = sentences.pop() ?? '';
    head = sentences.join(' ');
  }
  if (!/\p{L}/u.test(head)) return undefined;
  const tailSignals = productSignals(tail);
  const tailScore = lexiconScores(tail).compound;
  if (hasProblem(tailSignals, tail) || tailScore <= -0.25) {
    return { kind: 'contrast', sentiment: 'negative', type: problemType(tailSignals, tail) };
  }
  const headSignals = productSignals(head);
  const headNegative = hasProblem(headSignals, head) || lexiconScores(head).compound < 0 || /\b(at first|in the beginning|initially|skeptical)\b/i.test(head);
  if (headNegative && (tailScore >= 0.3 || tailSignals.resolved || tailSignals.gratitude)) return { kind: 'contrast', sentiment: 'positive', type: 'praise' };
  return undefined;
}
