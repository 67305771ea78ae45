import nlp from 'compromise';

type Lexicon = Record<string, string | string[]>;
const LEXICON: Lexicon = (nlp as unknown as { model(): { one: { lexicon: Lexicon } } }).model().one.lexicon;
const PERSON_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person', 'Honorific']);
// compromise keeps the bare FirstName tag for names that are also common words (mark, grace, chase, jack).
const GIVEN_NAME_TAGS = new Set(['MaleName', 'FemaleName']);

// The lexicon holds base forms; these undo the usual English inflections ("questions", "replied", "quickly").
const INFLECTIONS: Array<[RegExp, string]> = [
  [/ies$/, 'y'],
  [/ied$/, 'y'],
  [/es$/, ''],
  [/s$/, ''],
  [/ed$/, ''],
  [/ed$/, 'e'],
  [/ing$/, ''],
  [/ing$/, 'e'],
  [/ly$/, ''],
];

function wordsTagged(tags: Set<string>): Set<string> {
  const words = new Set<string>();
  for (const [word, tagged] of Object.entries(LEXICON)) if ([tagged].flat().some((t) => tags.has(t))) words.add(word);
  return words;
}

const PERSON_WORDS = wordsTagged(PERSON_TAGS);
const GIVEN_NAMES = wordsTagged(GIVEN_NAME_TAGS);
const LAST_NAMES = wordsTagged(new Set(['LastName']));

// The lexicon spells names without accents ("lucia", "joao"), as customers often do not.
function lookUp(words: Set<string>, word: string): boolean {
  const lower = word.toLowerCase();
  return words.has(lower) || (/[^\x00-\x7f]/.test(lower) && words.has(lower.normalize('NFD').replace(/\p{M}/gu, '')));
}

/** A first name, last name, well-known person or honorific in compromise's lexicon. */
export function isPersonWord(word: string): boolean {
  return lookUp(PERSON_WORDS, word);
}

/** A first name that is not also a common English word. */
export function isGivenName(word: string): boolean {
  return lookUp(GIVEN_NAMES, word);
}

export function isLastName(word: string): boolean {
  return lookUp(LAST_NAMES, word);
}

function isInLexicon(word: string): boolean {
  return Object.hasOwn(LEXICON, word);
}

/** A word compromise knows, itself or by its base form, as something other than a person: a verb, a noun, a pronoun... */
export function isCommonWord(word: string): boolean {
  if (isPersonWord(word)) return false;
  const lower = word.toLowerCase();
  if (isInLexicon(lower)) return true;
  return INFLECTIONS.some(([suffix, base]) => {
    if (!suffix.test(lower)) return false;
    const stem = lower.replace(suffix, base);
    return stem.length >= 3 && isInLexicon(stem) && !PERSON_WORDS.has(stem);
  });
}
