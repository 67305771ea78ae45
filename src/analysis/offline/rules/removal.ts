/**
 * Complaints about something taken away ("why did you remove bulk edit?? bring it back"). Product
 * convention: a removal is a `complaint` (negative); asking for something that never existed is a
 * `feature_request`. Taking away a nuisance ("thanks for removing the ads") is not a removal complaint.
 */
const FEATURE_NOUN =
  '(feature|button|option|mode|view|tab|widget|setting|shortcut|tier|menu|filter|timer|icon|toggle|integration|support|report|email|list|folder|page|section|panel|screen|history|playlist|search|sort(ing)?)s?';

const REMOVAL = new RegExp(
  [
    '\\bbring (it|them|this|that) back\\b|\\bbring back\\b',
    '\\bbring\\b[^.!?]{0,40}\\bback\\b',
    '\\bput (it|them) back\\b',
    '\\brestore (the|my|our) (old|previous|former)\\b',
    '\\b(why|who) (did|would|do) (you|they|anyone) (remove|take away|take out|get rid of|kill|drop|hide)',
    '\\bwhy (remove|removing|drop|dropping|kill|killing|take away|taking away|get rid of|getting rid of)\\b',
    '\\b(you|they|u) (removed|dropped|killed|got rid of|took away|took out)\\b',
    "\\bcan'?t believe (you|they|u) (removed|dropped|killed|got rid of|took)",
    '^\\s*(removed|removing)\\b',
    '\\b(removed|removing|got rid of|took away|taking away|dropping|dropped support for|losing|lost)\\b[^.!?]{0,30}\\b(was a|is a|huge|big|terrible|mistake|shame|bad move)',
    `\\b${FEATURE_NOUN} (is|are|has been|have been|was|were) (gone|removed|no longer (there|available))\\b`,
    `\\b${FEATURE_NOUN} (disappeared|vanished)`,
    '\\bwhere did (the|my|it|our) [^?]{0,40}\\bgo\\b',
    '\\bwhat happened to (the|my|our) [^?.!]{0,30}\\b' + FEATURE_NOUN,
    '\\b(it|they) (was|were|used to be) (there|here)\\b',
    "\\b(doesn'?t|does not|don'?t|do not) have (the|my|a|an) [^.!?]{0,40}\\banymore\\b",
    '\\b(is|are) no longer (available|there|included|free|supported)\\b',
    '^\\s*no more (free|offline|dark|the|my)\\b',
    '\\bmiss the old\\b',
    '\\btook away\\b',
  ].join('|'),
  'i',
);

/** Things whose removal is welcome: their removal is praise, not a grievance. */
const NUISANCES = String.raw`(ads?|adverts?|advertising|pop-?ups?|banners?|watermarks?|paywall|limits?|bugs?|fees?|captchas?|spam|nag\w*|upsells?|autoplay( videos?)?)`;
const NUISANCE_SOURCE = String.raw`\b(remov\w*|got rid of|get rid of|took away|take away|dropp\w*|kill\w*)\s+(all )?(the |those |these |that |this |annoying )*${NUISANCES}\b|\b${NUISANCES} (is|are|has been|have been) (gone|removed)\b`;
const NUISANCE = new RegExp(NUISANCE_SOURCE, 'i');
/** Every removal of a nuisance in a text, to set them aside when looking for problems. */
export const REMOVED_NUISANCES = new RegExp(NUISANCE_SOURCE, 'gi');

export function isRemovalComplaint(text: string): boolean {
  return REMOVAL.test(text) && !NUISANCE.test(text);
}

export function removesNuisance(text: string): boolean {
  return NUISANCE.test(text);
}
