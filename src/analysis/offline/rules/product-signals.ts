/**
 * Regular-expression signals for product feedback language that general sentiment lexicons miss:
 * "crashes", "keeps logging me out" and "takes forever" carry no VADER polarity, while "please add"
 * and "would be great if" look positive to VADER but are requests. English only; other languages
 * rely on the embedding classifiers. The word lists are data (`lists/product-signals.json`).
 */
import { ruleLists, wordsPattern } from './rule-lists.js';
import lists from './lists/product-signals.json' with { type: 'json' };

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

const { crash, malfunction, slow, featureRequest, questionStart, grievance, resolved, resolvedDenied, gratitude, negatedPositive } = ruleLists(lists);

const CRASH = wordsPattern(crash.phrases, 'i');
const MALFUNCTION = new RegExp(String.raw`\b(${malfunction.negator} ${malfunction.action}\w*|${malfunction.phrases})\b`, 'i');
const SLOW = wordsPattern(slow.phrases, 'i');
const FEATURE_REQUEST = wordsPattern(featureRequest.phrases, 'i');
const QUESTION_START = new RegExp(String.raw`^${questionStart.phrases}\b`, 'i');
const GRIEVANCE = wordsPattern(grievance.phrases, 'i');
const RESOLVED = wordsPattern(resolved.phrases, 'i');
const RESOLVED_DENIED = new RegExp(String.raw`\b${resolvedDenied.denial}\b[^.!?]*\b${resolvedDenied.fix}\b`, 'i');
const GRATITUDE = wordsPattern(gratitude.phrases, 'i');
const NEGATED_POSITIVE = new RegExp(String.raw`\b${negatedPositive.negator} (${negatedPositive.intensifier} )?${negatedPositive.positive}\b`, 'i');

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
    resolved: RESOLVED.test(text) && !RESOLVED_DENIED.test(text),
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
