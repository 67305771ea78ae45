import { dan, deu, fin, fra, ita, nld, nob, pol, por, spa, swe } from 'stopword';
import { wordRules, type WordLists } from '../domain/text/function-words.js';
import { tokenizer } from '../domain/text/tokenize.js';
import { readResource, versionOfFiles } from './resource-files.js';

const stopWords = readResource<string[]>('text/stopwords/en.json');
const labelFillerWords = readResource<Record<string, string[]>>('text/stopwords/label-filler.json');

/** Function words of other languages: the `stopword` package's lists, by ISO 639-1 code. */
const FUNCTION_WORDS: Record<string, string[]> = { da: dan, de: deu, es: spa, fi: fin, fr: fra, it: ita, nb: nob, nl: nld, no: nob, pl: pol, pt: por, sv: swe };

const LISTS: WordLists = { stopWords: stopWords.data, functionWords: FUNCTION_WORDS, labelFillerWords: labelFillerWords.data };

export const { isStopWord, isFunctionWordOf, isLabelStopWordOf, functionWordLanguage } = wordRules(LISTS);
export const { contentRuns, contentWords, terms } = tokenizer({ isStopWord, isLabelStopWordOf });

/** One digest over the word lists: the files' digests and the content of the `stopword` package's lists. */
export const WORD_LISTS_VERSION = versionOfFiles([
  { name: 'text/stopwords/en.json', bytes: Buffer.from(stopWords.version) },
  { name: 'text/stopwords/label-filler.json', bytes: Buffer.from(labelFillerWords.version) },
  { name: 'stopword', bytes: Buffer.from(JSON.stringify(FUNCTION_WORDS)) },
]);
