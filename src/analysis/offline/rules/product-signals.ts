/**
 * Regular-expression signals for product feedback language that general sentiment lexicons miss:
 * "crashes", "keeps logging me out" and "takes forever" carry no VADER polarity, while "please add"
 * and "would be great if" look positive to VADER but are requests. English only; other languages
 * rely on the embedding classifiers.
 */

export interface ProductSignals {
  /** The app crashes, freezes, hangs, dies. */
  crash: boolean;
  /** Something does not work: errors, failures, data loss, forced log-outs, pixelated or blurry output. */
  malfunction: boolean;
  /** Slowness, lag, battery drain. */
  slow: boolean;
  /** Asks for something new or different. */
  featureRequest: boolean;
  /** Phrased as a question. */
  question: boolean;
  /** Money, support and policy grievances. */
  grievance: boolean;
  /** Thanks and explicit praise. */
  gratitude: boolean;
  /** A problem reported as fixed ("the crash is fixed", "works again"): failure words are not a complaint. */
  resolved: boolean;
  /** Negated positive ("not happy", "no longer useful") which VADER sometimes misses. */
  negatedPositive: boolean;
}

const CRASH =
  /\b(crash(e[sd])?|crashing|freez(e|es|ing)|froze(n)?|hangs?|hanging|force[- ]?clos\w*|not responding|unresponsive|stuck (on|at|in)|black screen|white screen|blank screen|(it|app|game|player) (just |always |keeps )?(dies|died|dying))\b/i;
const MALFUNCTION =
  /\b((does ?n[o']?t|do ?n[o']?t|did ?n[o']?t|wo ?n't|will not|can ?n?o?'?t|cannot|is ?n'?t|are ?n'?t|not|never|no longer|stopped|stops) (work|working|load|loading|open|opening|sync|syncing|sav(e|ing)|start|connect|respond|show|showing|update|upload|download|play|send|sending|arrive|go through|come through|come in|let me)\w*|broken|bug(s|gy)?|glitch(es|y)?|error( message)?s?|fail(s|ed|ing|ure)?|keeps? (logging|signing|kicking|throwing) me out|logs? me out|lost (all )?(my|the)|disappear(ed|s|ing)?|wip(ed|es) (out )?(my|all)|missing|wrong|incorrect(ly)?|duplicat(e|ed|es|ing)|corrupt(ed)?|reset(s)? (itself|my)|out of sync|won't let me|pixelated|blurr(y|ier)|grainy)\b/i;
const SLOW =
  /\b(takes? (forever|ages|minutes)|so slow|too slow|very slow|slow(er|ly|s down)?|lag(s|gy|ging)?|sluggish|loading forever|spins? forever|drain(s|ing)? (my |the )?battery|battery drain|timed? ?out|times out)\b/i;
const FEATURE_REQUEST =
  /\b(would be (great|nice|awesome|helpful|cool|good|amazing|useful)|it'?d be (great|nice|awesome|helpful|cool)|(please|pls|plz|can you|could you|can we|could we) (add|bring|make|include|support|allow|let|consider|give|offer|implement|provide)|wish (it|there|you|i could|the app|we could)|feature request|add (an? )?(option|setting|toggle|way|button|feature)|would love (to see|an? |it if|if|the ability)|hope you (add|will|guys)|any plans (to|for)|suggestion|it would help if|need(s)? an? (option|way|setting)|should (have|add|support|let|allow|offer)|missing (a|an) (feature|option)|why not add|consider adding|integration with|support for)\b/i;
const QUESTION_START = /^(how|what|why|when|where|which|who|is|are|can|could|does|do|did|will|would|should|may|has|have|any(one|body)? )\b/i;
const GRIEVANCE =
  /\b(refund|charged|overcharg\w*|double[- ]charged|billing|price|pricing|expensive|overpriced|pricey|(service|delivery|booking|hidden) fees?|subscription|cancel(l?ed|l?ing)?|rip[- ]?off|scam|waste of|terrible|awful|worst|unacceptable|ridiculous|rude|unhelpful|no (one|reply|response|answer)|nobody|waited|waiting|still (no|not|waiting)|ignored|ads|advert\w*|paywall|customer (service|support)|support (team|agent))\b/i;
const RESOLVED = /\b(fixed|resolved|solved|sorted (it |this |everything )?out|works? (again|now|perfectly)|working again)\b/i;
const GRATITUDE = /\b(thanks?|thank you|thx|appreciate[ds]?|grateful|kudos|shout ?out)\b/i;
const NEGATED_POSITIVE =
  /\b(not|no longer|never|is ?n'?t|was ?n'?t|does ?n'?t|hardly) (very |that |so |really |at all )?(good|great|happy|useful|helpful|worth|reliable|easy|intuitive|impressed|satisfied|fun|better)\b/i;

export function productSignals(text: string): ProductSignals {
  const trimmed = text.trim();
  return {
    crash: CRASH.test(text),
    malfunction: MALFUNCTION.test(text),
    slow: SLOW.test(text),
    featureRequest: FEATURE_REQUEST.test(text),
    question: /\?\s*$/.test(trimmed) || (QUESTION_START.test(trimmed) && /\?/.test(trimmed)),
    grievance: GRIEVANCE.test(text),
    gratitude: GRATITUDE.test(text),
    resolved: RESOLVED.test(text) && !/\b(not|never|isn'?t|wasn'?t|hasn'?t|still)\b[^.!?]*\b(fixed|resolved|solved)\b/i.test(text),
    negatedPositive: NEGATED_POSITIVE.test(text),
  };
}

/** Signals in a fixed order, as 0/1 model features. */
export const SIGNAL_NAMES = [
  'crash',
  'malfunction',
  'slow',
  'featureRequest',
  'question',
  'grievance',
  'gratitude',
  'resolved',
  'negatedPositive',
] as const satisfies readonly (keyof ProductSignals)[];
