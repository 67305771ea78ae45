import { productSignals } from '../../analysis/offline/rules/product-signals.js';

/**
 * Whether one sentence a customer said on a call is product feedback (a complaint, a problem, a
 * request or praise) rather than small talk, logistics or a bare question. The analyzer's product
 * signals (English) plus short lists for praise and for German, French and Spanish.
 */

const PRAISE =
  /\b(love|loving|loved|great|amazing|awesome|excellent|fantastic|brilliant|impressed|impressive|really (like|helps?|enjoy)|saves? (us|me) (a lot|hours|time|so much)|game[- ]changer|works? (really |so |very )?well|easy to use|so much (easier|faster|better)|(big|huge) (improvement|help)|best (tool|app|product|part))\b/i;
const OTHER_LANGUAGES =
  /(stürzt|abgestürzt|funktioniert (nicht|kaum|gar nicht)|geht nicht|zu langsam|dauert ewig|fehlt|wünsche|wäre (toll|schön|super|hilfreich|praktisch)|zu teuer|nervig|ärgerlich|fehler|begeistert|spart uns|plante|ne (marche|fonctionne) (pas|plus)|trop (lent|cher|compliqué)|il manque|serait (bien|génial|pratique|utile)|adorons|adore|pénible|bug|se (cuelga|bloquea)|no funciona|muy lento|demasiado (lento|caro)|falta|sería (genial|útil|ideal)|nos encanta|molesto|error)/i;
const SMALL_TALK =
  /^(hi|hello|hey|good (morning|afternoon|evening)|how (are|is|was) (you|your|the)|thanks (for (having|joining|your time|the call|making)|again|so much for)|thank you (for (having|joining|your time|the call))|can you (hear|see) me|you'?re (on )?mute|sorry,? (i was|you were|go ahead)|bye|talk (soon|to you)|have a (good|great|nice)|see you|nice to (meet|see))\b/i;
const OFF_TOPIC = /\b(weather|weekend|vacation|holiday|kids|traffic|coffee|lunch|flight|rain(ing)?|sunny)\b/i;
const MIN_WORDS = 4;

const wordCount = (sentence: string) => sentence.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

export function isFeedbackSentence(sentence: string): boolean {
  const text = sentence.trim();
  if (wordCount(text) < MIN_WORDS || SMALL_TALK.test(text) || OFF_TOPIC.test(text)) return false;
  const signals = productSignals(text);
  if (signals.resolved && !signals.crash && !signals.slow) return PRAISE.test(text);
  if (signals.crash || signals.malfunction || signals.slow || signals.featureRequest || signals.grievance || signals.negatedPositive) return true;
  return PRAISE.test(text) || OTHER_LANGUAGES.test(text);
}

/** Internal-work vocabulary: a customer's turns full of it, and no feedback, make the call an internal one. */
const INTERNAL_MARKERS =
  /\b(stand-?ups?|sprint (planning|review|goals?)|retros?|retrospectives?|OKRs?|all-hands|one-on-ones?|1:1s?|performance reviews?|our (roadmap|backlog|sprint|quarterly planning)|headcount|hiring plan|payroll|offsite)\b/gi;

export const internalMarkersIn = (text: string): number => text.match(INTERNAL_MARKERS)?.length ?? 0;
