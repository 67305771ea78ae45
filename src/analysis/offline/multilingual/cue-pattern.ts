/**
 * The format of every cue list the offline analyzer reads (cue lexicons and construction cues, churn cues and
 * frames, problem-report cues), and how a list becomes one regular expression.
 *
 * An entry is a regular-expression fragment written in folded text (`foldText`: lower case, no accents), which
 * the folded text of a customer is searched for:
 * - it matches at the start of a word: no letter or digit stands right before it;
 * - `_` at the end of the entry, or at the end of an alternative inside it (before `|` or `)`), means the word
 *   ends there: no letter or digit follows ("va_" is "va", not "vale"). Anywhere else `_` is a plain underscore;
 * - `\w` stands for one letter or digit of any script; write it outside `[...]` only (it becomes a class itself).
 * In languages written without spaces between words (Japanese, Chinese) there is no word start to guard:
 * entries match anywhere. A list with no entries matches nothing.
 */

/** Lower-case, accents removed, apostrophes unified, spaces collapsed: how both cues and texts are compared. */
export function foldText(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Turkish dotless ı: customers on keyboards without it type i.
      .replace(/ı/g, 'i')
      .replace(/[’`´]/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** No letter or digit right before. */
export const WORD_START = '(?<![\\p{L}\\p{N}])';
/** No letter or digit right after. */
export const WORD_END = '(?![\\p{L}\\p{N}])';
const LETTER_OR_DIGIT = '[\\p{L}\\p{N}]';
const UNSPACED_LANGUAGES: ReadonlySet<string> = new Set(['ja', 'zh']);

/** Whether `language` is written without spaces between words, so that its cues match anywhere. */
export function writtenWithoutSpaces(language: string): boolean {
  return UNSPACED_LANGUAGES.has(language);
}

function fragment(entry: string): string {
  return foldText(entry)
    .replaceAll('\\w', LETTER_OR_DIGIT)
    .replace(/_(?=[|)]|$)/g, WORD_END);
}

/**
 * The entries as one group of alternatives, `(?:…|…)`, with no guard at the start: for patterns that guard
 * their own. A group that matches nothing when there are no entries (an empty group would match everywhere).
 */
export function cueAlternatives(entries: readonly string[]): string {
  return entries.length === 0 ? '(?!)' : `(?:${entries.map(fragment).join('|')})`;
}

export interface CuePatternOptions {
  /** Written without spaces between words: no start-of-word guard. */
  unspaced?: boolean;
  /** What must follow a match (a lookahead, or the rest of a longer pattern). */
  followedBy?: string;
  /** Global (`gu`, the default) for counting and listing matches; `u` for a plain test. */
  flags?: string;
}

/** A cue list as one regular expression, each match starting at the start of a word unless `unspaced`. */
export function cuePattern(entries: readonly string[], { unspaced = false, followedBy = '', flags = 'gu' }: CuePatternOptions = {}): RegExp {
  if (entries.length === 0) return new RegExp('(?!)', flags);
  return new RegExp(`${unspaced ? '' : WORD_START}${cueAlternatives(entries)}${followedBy}`, flags);
}
