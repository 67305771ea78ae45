/**
 * What counts as "something went wrong" inside a clause, shared by the hard-case rules: the product
 * signals plus problems they miss, after negated problems ("never crashes", "no ads") are set aside.
 */
import type { FeedbackType } from '../../analyzer.js';
import { productSignals, type ProductSignals } from './product-signals.js';
import { REMOVED_NUISANCES } from './removal.js';

/** Product problems the shared signals miss that matter inside a clause. */
const EXTRA_PROBLEM =
  /\b((deleted|erased|wiped) (all )?(my|the|our)|never (answers?|replies|responds|finds|works|loads|saves|syncs)|(\d+ (seconds?|minutes?|hours?)|an?( full| whole)? (minute|hour)) to (open|load|start|sync|save)|(way )?too (many|much|intrusive|expensive)|confusing|annoying|intrusive|doubled|not ok|breaking|broke|a joke|have to [^.!?]{0,30}(every (single )?(time|day)|again|\d+ times|three times|twice)|buffer(s|ing)?|reinstall(ed|ing)?|on hold|more ads|(paying|pay|charged?|charging) (me )?(more|extra|double|twice)|for less|logged (me )?out|log(s|ging)? me out|kick(s|ed|ing)? me out|upsells?|pop-?ups?|without (reading|looking|asking|warning|telling|any notice|notice|answering)|(always|hours?|minutes?|very|so|too|was|were|is|are|arrived|came) late|timing out|slower|worse|can'?t find|(nobody|no one) can (find|use|see|understand)|nothing works|re-?enter|hate|terrible|useless|non-?existent|unreliable|vanish(ed|es)?)\b/i;
const TIMEOUT = /\btim(ed?|es|ing) ?out\b/i;
const BROKEN =
  /\b((delet(ed|ing)|eras(ed|ing)|wip(ed|ing)) (all )?(my|the|our)|logged (me )?out|log(s|ging)? me out|kick(s|ed|ing)? me out|buffer(s|ing)?|reinstall|drain(s|ing)? (my |the )?battery|never (finds|works|loads|saves|syncs|shows|opens)|broke|break(s|ing)|vanished|disappeared|(my|our) \w+( \w+)? (is|are|was|were) (just |all |completely )?gone|unreliable|(is|are) ?n[o']t reliable|fix (the|this|it|my|your)\b)/i;
/** "never crashes", "no ads", "without any lag": a problem word under a negation is no problem. */
const NEGATED_PROBLEM_PHRASE =
  /\b(never|no|not (a|one|a single)|without( any)?|zero|hasn'?t|haven'?t|didn'?t|don'?t)( \w+){0,3}? (crash\w*|bugs?|issues?|problems?|lag\w*|glitch\w*|ads|adverts?|errors?|mistakes?|corrections?|complaints?|hiccups?|froze|freez\w*|hate|trouble)\b/gi;

/** "they replaced the broken part", "thanks for fixing the crash": a problem named as what was remedied. */
const REMEDIED_PROBLEM =
  /\b(replaced|repaired|fixed|swapped|refunded|exchanged) (the|my|a|our) (broken|faulty|damaged|defective|missing|wrong)\b|\b((for|after|since) (fixing|solving|resolving|sorting out)|(you|they|team|support|devs?|developers) (have |has )?(fixed|solved|resolved|sorted out)) (the|that|this|my|our|all) \w+/gi;

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
