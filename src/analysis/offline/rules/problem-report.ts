/**
 * A problem reported in English without the words the classifier leans on: framed as a question or a
 * request for help ("the export cuts off the last page, can you look into it?", "is anyone else seeing a
 * blank dashboard?"), named by a failure cue ("second outage this week"), or chased ("still double counting,
 * please escalate") — a bug or complaint, not a question or a feature request. The cues are data (`problem-report/cues/en.json`).
 */
import type { FeedbackType } from '../../analyzer.js';
import { foldText } from '../multilingual/cue-pattern.js';
import { readProblemReport } from '../problem-report/problem-report-cues.js';
import { problemType } from './problem.js';
import type { ProductSignals } from './product-signals.js';

/**
 * `asks`: the text is phrased as a question; `problem`: the shared reading of what went wrong
 * (`namesProblem`). Undefined when the text reports no problem this way.
 */
export function readEnglishProblemReport(
  text: string,
  signals: ProductSignals,
  problem: 'definite' | 'topical' | undefined,
  asks: boolean,
): FeedbackType | undefined {
  const folded = foldText(text);
  const cues = readProblemReport(folded, 'en')!;
  const failures = cues.failure.length;
  const asksForHelp = cues.askToCheck > 0 || (asks && (failures > 0 || cues.complaint > 0 || (cues.othersSeeing > 0 && problem !== undefined)));
  // A wish ("it would be great to have folders, could you look into it?") is no problem report.
  const wish = signals.featureRequest && failures === 0 && cues.complaint === 0 && !problem;
  // A fix reported ("the outage is over, works again") is no problem report either.
  // A chaser ("following up on the payout, no reply yet") reports that a problem goes on, whatever its tone.
  const chases = cues.followUp > 0 && !signals.resolved;
  const reported = (asksForHelp && !wish && !(signals.resolved && !problem && failures === 0)) || (failures > 0 && !signals.resolved) || chases;
  if (!reported) return undefined;
  const broken = failures > 0 || (problem !== undefined && problemType(signals, text) === 'bug');
  const grievance = cues.complaint > 0 || chases || signals.grievance;
  return broken || !grievance ? 'bug' : 'complaint';
}
