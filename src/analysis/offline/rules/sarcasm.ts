/**
 * Sarcasm: praise words around something that went wrong ("great, another update that logs me out 🙄",
 * "love paying more for less", "wow thanks for deleting my playlist", "what a \"premium\" experience").
 * Cues, each general: an eye-roll emoji; a praising opener followed by a problem or a repetition
 * ("again", "another"); thanks for a harmful act; scare quotes around a quality claim next to a
 * problem; fixed ironic phrases ("just what I needed", "because 3 weren't enough"). The word lists are data
 * (`lists/sarcasm.json`).
 */
import { lexiconScores } from '../sentiment/lexicon.js';
import { removesNuisance } from './removal.js';
import { ruleLists, wordsPattern } from './rule-lists.js';
import lists from './lists/sarcasm.json' with { type: 'json' };

const { eyeRoll, praisingOpener, repetition, ironicPhrase, thanksForHarm, scareQuoted } = ruleLists(lists);

const EYE_ROLL = new RegExp(eyeRoll.phrases, 'u');
const { interjection, praiseWord, praisingPhrase } = praisingOpener;
/** A praise word set off by punctuation, or a praising phrase. */
const PRAISING_OPENER = new RegExp(String.raw`^\s*(${interjection} )?(${praiseWord}( ${praiseWord})*\s*[,.!:…]|${praisingPhrase}\b)`, 'i');
const REPETITION = wordsPattern(repetition.phrases, 'i');
const IRONIC_PHRASE = new RegExp(ironicPhrase.phrases, 'i');
const { thanks, emphasis, wellDone, harmfulAct } = thanksForHarm;
const THANKS_FOR_HARM = new RegExp(String.raw`\b${thanks}( you)?( ${emphasis})? for( the)? ${harmfulAct}|\b${wellDone} ${harmfulAct}`, 'i');
/** A claim in double quotes of 2 to 30 characters, or in single quotes (not apostrophes) of 2 to 25. */
const SCARE_QUOTED = new RegExp(
  String.raw`["“”](?=[^"“”]{2,30}["“”])[^"“”]*\b${scareQuoted.doubleQuotedClaim}\b[^"“”]*["“”]|(?<![\p{L}])['‘](?=[^'’]{2,25}['’](?![\p{L}]))[^'’]*\b${scareQuoted.singleQuotedClaim}\b[^'’]*['’](?![\p{L}])`,
  'iu',
);

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
