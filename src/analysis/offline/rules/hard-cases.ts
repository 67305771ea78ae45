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
 */
import type { FeedbackType, Sentiment } from '../../analyzer.js';
import { readContrast } from './contrast.js';
import { hasProblem, namesProblem, problemType } from './problem.js';
import { lexiconScores } from '../sentiment/lexicon.js';
import { productSignals } from './product-signals.js';
import { isRemovalComplaint, removesNuisance } from './removal.js';
import { isSarcastic } from './sarcasm.js';
import { readEnglishProblemReport } from './problem-report.js';

export { hasProblem } from './problem.js';

export type HardCaseKind = 'contrast' | 'negation' | 'removal' | 'sarcasm' | 'complaint-question' | 'problem-report' | 'request' | 'resolved';

export interface HardCaseVerdict {
  kind: HardCaseKind;
  sentiment: Sentiment;
  type: FeedbackType;
}

const NEGATED_PROBLEM =
  /\b(never (had|have|ran into|seen) (a single |any |one )?(problem|issue|trouble|bug|crash)|no (complaints|issues|problems)\b(?! (were|have been|got|being) (fixed|solved|answered))|nothing bad to say|can'?t complain|can'?t recommend [^.!?]{0,30}enough|not a single (problem|issue|bug|crash|complaint|glitch)|(haven'?t|have not|hasn'?t|has not) (had|seen) (a single|any|one) (problem|issue|bug|crash|complaint|glitch)|never (once )?(lost|crashed|froze|failed)\b|\b(zero|no) (lag|crash(es)?|glitch(es)?|downtime)\b(?! (since|after|when|until))|not bad\b|(don'?t|do not|didn'?t) hate\b|growing on me|couldn'?t be happier|can'?t fault)/i;

const COMPLAINT_QUESTION =
  /^\s*(seriously,? |honestly,? )?(how (is it possible|come|hard can|many (more )?times|long do i have|on earth)|who (thought|decided|approved|designed|came up)|is (anyone|anybody|someone) (actually |even )?(testing|reading|listening|working|checking)|are you (ever|even) going to|what (happened to|is the point|'s the point)|what's the point|can (you|someone) explain why|why (on earth|the hell|do i (have|need) to (log|sign|pay|wait|re)|[^?]{0,60}\bjust to\b|do i have to|am i being|would you|is (it|this|the \w+|everything) so|are there (ads|so many)|can'?t i|does (it|the \w+) (keep|always)|does it take|does every|(does|is|do) [^?]{0,50}(all the time|constantly|every (single )?time|always|keeps?)))/i;
const QUESTION_WITH_WHY = /^\s*(seriously,? )?why\b/i;
/** "Anyone else getting charged twice?": a problem reported as a question to other users. */
const ANYONE_ELSE = /^\s*(is |does |has )?(anyone|anybody|someone) else\b/i;
/** A question opener with no question mark is still a question ("why do i need an account just to see the menu"). */
const QUESTION_OPENER = /^\s*(seriously,? |honestly,? )?(why|how come|who)\b/i;
const ASKS_TO_ADD =
  /^\s*(hey,? |hi,? )?(can|could|would|will) (you|u|ya|y'?all|the team|you guys) (please |pls |plz )?(add|make|include|support|build|create|introduce|offer|implement|give us|let us|allow)\b(?! (me|my|us to (the|your))\b)/i;

/** A fix that held: "the kiosks have been fine since the patch", "running smoothly after your update". */
const FIX_HELD =
  /\b(been|is|are|was|were|running|working|worked|ran) (\w+ )?(fine|great|perfect(ly)?|flawless(ly)?|smooth(ly)?|solid|rock solid|stable|reliable|normal(ly)?) (ever )?(since|after) (the|your|that|this|you) (patch|fix|fixed|update|release|change|engineer|technician|visit)\b/i;

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
  if (NEGATED_PROBLEM.test(text) && problem !== 'definite' && !/\b(but|however|except|until|though)\b/i.test(text))
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
