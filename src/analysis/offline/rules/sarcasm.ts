/**
 * Sarcasm: praise words around something that went wrong ("great, another update that logs me out 🙄",
 * "love paying more for less", "wow thanks for deleting my playlist", "what a \"premium\" experience").
 * Cues, each general: an eye-roll emoji; a praising opener followed by a problem or a repetition
 * ("again", "another"); thanks for a harmful act; scare quotes around a quality claim next to a
 * problem; fixed ironic phrases ("just what I needed", "because 3 weren't enough").
 */
import { lexiconScores } from '../sentiment/lexicon.js';
import { removesNuisance } from './removal.js';

const EYE_ROLL = /🙄|🙃|😒|🤦/u;
const PRAISE_WORD =
  '(great|wonderful|fantastic|perfect|brilliant|awesome|amazing|lovely|wow|cool|super|nice|yay|sweet|excellent|terrific|bravo|congrats|thanks?|thank you|ah,? yes|oh,? sure|sure|yeah|well done)';
/**
 * A praise word set off by punctuation ("Great, …", "cool cool cool, …"), or a praising phrase
 * ("love how …", "so glad I …"); "great app but …" is no opener (that is contrast).
 */
const PRAISING_OPENER = new RegExp(
  `^\\s*(oh,? |ah,? |well,? |wow,? )?(${PRAISE_WORD}( ${PRAISE_WORD})*\\s*[,.!:…]|(10\\/10|five stars|(you )?got(ta| to) love|love (how|that|it when|being|paying|having|getting|the way)|so (glad|happy|thrilled|pleased)|nothing (like|beats)|what an? |such an? |best (feature|part|thing|update)|(nice|good|great) (job|one|work|move|touch)|how (nice|lovely|convenient)|(brilliant|great|genius) (idea|move|update|decision))\\b)`,
  'i',
);
const REPETITION = /\b(again|another|yet again|once more|all over again)\b/i;
const IRONIC_PHRASE =
  /thanks for nothing|\byeah,? right\b|\b(exactly|just) what i (wanted|needed|asked for)\b|\bwho needs\b[^.!?]{0,40}\banyway\b|\bbecause \w+ (weren'?t|wasn'?t|isn'?t|aren'?t) enough\b|\breal(ly)? classy\b|\bsaid no one\b|\bwhat could (possibly )?go wrong\b|\blove paying\b|\bmore for less\b|\b(love|enjoy|appreciate) (being|getting) (charged|logged|kicked|ignored|spammed|billed)/i;
const HARMFUL_ACT = '(deleting|breaking|removing|wiping|losing|ruining|hiding|killing|erasing|resetting|doubling|raising)';
const THANKS_FOR_HARM = new RegExp(
  `\\b(thanks?|thank you|thx)( you)?( a lot| so much| again)? for( the)? ${HARMFUL_ACT}|\\b(nice|good|great) (job|work) ${HARMFUL_ACT}`,
  'i',
);
/** A short quoted quality claim: the quotes deny it. */
const SCARE_QUOTED =
  /["“”](?=[^"“”]{2,30}["“”])[^"“”]*\b(fix|fixed|smart|improved|improvement|upgrade|upgraded|premium|seamless|intuitive|easy|simple|better|helpful|support|service|update|new|fast|quick|instant|free|unlimited|on its way|priority|express|feature|experience)\b[^"“”]*["“”]|(?<![\p{L}])['‘](?=[^'’]{2,25}['’](?![\p{L}]))[^'’]*\b(fix|fixed|smart|improved|improvement|upgrade|premium|seamless|intuitive|easy|better|helpful|new|fast|free|priority|express)\b[^'’]*['’](?![\p{L}])/iu;

/**
 * `problem`: whether the text names something that went wrong (the caller's reading, so both rule
 * sets agree on what a problem is); `resolved`: the text reports a fix, which makes praise sincere.
 */
export function isSarcastic(text: string, problem: 'definite' | 'topical' | undefined, resolved: boolean): boolean {
  if (resolved) return false;
  if (EYE_ROLL.test(text) || IRONIC_PHRASE.test(text)) return true;
  if (THANKS_FOR_HARM.test(text) && !removesNuisance(text)) return true;
  if (SCARE_QUOTED.test(text) && (problem || lexiconScores(text.replace(/["“”'‘’][^"“”'‘’]*["“”'‘’]/gu, ' ')).compound <= 0)) return true;
  if (!PRAISING_OPENER.test(text)) return false;
  // After the opener, sincere praise goes on praising ("Great customer care, they replaced the broken
  // part for free"); sarcasm goes on with the problem.
  // Only the sentence the opener starts counts: a trailing kicker ("Amazing performance.") is part of the joke.
  const rest = lexiconScores(text.replace(PRAISING_OPENER, '').split(/(?<=[.!?])\s+/)[0]).compound;
  if (problem === 'definite') return rest < 0.5;
  if (problem === 'topical') return rest <= 0;
  // "Great, another update." is sarcastic; "Great app, another great release" is not.
  return REPETITION.test(text.replace(PRAISING_OPENER, '')) && rest <= 0;
}
