/**
 * Reads a churn threat from frames rather than whole phrases: within one sentence, a verb of switching near a
 * destination (another provider, a competitor, "to" and a capitalised brand), a verb that ends the relationship
 * near what is ended (account, subscription, contract, seats), a verb of adopting something else near a
 * destination with an intent marker, or a leaving formality (final invoice, export of all our data) beside any
 * of these verbs. Words come from the frame file of the language (`churn-frames.ts`); negators, clause
 * boundaries and look-alikes from its cue file (`churn-cues.ts`).
 */
import { foldText } from '../multilingual/cue-pattern.js';
import { negatedBefore } from '../multilingual/negation.js';
import type { ChurnCues } from './churn-cues.js';
import type { ChurnFrames } from './churn-frames.js';

/** How many words may stand between the two parts of a frame. */
export const FRAME_WINDOW = 6;
/** How many words before a destination "from" still turns the move around ("von X zu Y gewechselt"). */
const FROM_WORDS = 3;

interface Token {
  original: string;
  folded: string;
  /** Offset of the folded word in the folded sentence. */
  start: number;
  /** A comma, dash or bracket stands between this word and the one before. */
  afterPause: boolean;
}

export interface Sentence {
  tokens: Token[];
  folded: string;
}

/** A run of words, first and last index inclusive. */
interface Span {
  first: number;
  last: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function sentencesOf(text: string): Sentence[] {
  return text
    .split(/(?<=[.!?;:])\s+|[\n\r]+/u)
    .map((part) => {
      const tokens: Token[] = [];
      let folded = '';
      let previousEnd = 0;
      for (const word of part.matchAll(WORD)) {
        const foldedWord = foldText(word[0]);
        if (folded) folded += ' ';
        tokens.push({ original: word[0], folded: foldedWord, start: folded.length, afterPause: /[,(—–]|\s-\s/u.test(part.slice(previousEnd, word.index)) });
        folded += foldedWord;
        previousEnd = word.index + word[0].length;
      }
      return { tokens, folded };
    })
    .filter((sentence) => sentence.tokens.length > 0);
}

function tokenAt(sentence: Sentence, offset: number): number {
  let index = 0;
  while (index + 1 < sentence.tokens.length && sentence.tokens[index + 1].start <= offset) index++;
  return index;
}

function spans(sentence: Sentence, pattern: RegExp): Span[] {
  return [...sentence.folded.matchAll(pattern)].map((m) => ({
    first: tokenAt(sentence, m.index),
    last: tokenAt(sentence, m.index + Math.max(m[0].length - 1, 0)),
  }));
}

const gap = (a: Span, b: Span) => Math.max(a.first - b.last, b.first - a.last) - 1;
const inside = (index: number, span: Span) => index >= span.first && index <= span.last;
const around = (a: Span, b: Span): Span => ({ first: Math.min(a.first, b.first), last: Math.max(a.last, b.last) });

/** Capitalised words after a "towards" preposition, read as a brand the customer moves to. */
function brandDestinations(sentence: Sentence, frames: ChurnFrames): Span[] {
  const shouting = sentence.tokens.filter((t) => /\p{L}/u.test(t.original) && t.original === t.original.toUpperCase()).length > sentence.tokens.length / 2;
  if (shouting) return [];
  const brands: Span[] = [];
  for (const towards of spans(sentence, frames.towards)) {
    const next = sentence.tokens[towards.last + 1];
    if (!next || !/^[\p{Lu}\p{N}]/u.test(next.original) || next.original === 'I') continue;
    frames.notBrands.lastIndex = 0;
    const notBrand = frames.notBrands.exec(next.folded);
    if (notBrand && notBrand.index === 0) continue;
    brands.push({ first: towards.first, last: towards.last + 1 });
  }
  return brands;
}

class SentenceReader {
  private readonly fromSpans: Span[];
  private readonly lookAlikes: (readonly [number, number])[];
  /** The words with a comma where a pause stood: the text the negation test reads. */
  private readonly punctuated: string;
  /** Where the text before each word ends in `punctuated`: the pause right before a frame is not part of it. */
  private readonly beforeWord: number[] = [];

  constructor(
    private readonly sentence: Sentence,
    private readonly frames: ChurnFrames,
    private readonly cues: ChurnCues,
  ) {
    this.fromSpans = spans(sentence, frames.from);
    this.lookAlikes = [...sentence.folded.matchAll(cues.notThreat)].map((m) => [m.index, m.index + m[0].length] as const);
    let punctuated = '';
    for (const token of sentence.tokens) {
      this.beforeWord.push(punctuated.length);
      punctuated += `${token.afterPause ? ',' : ''} ${token.folded}`;
    }
    this.punctuated = punctuated;
  }

  private isNegator(index: number): boolean {
    return this.cues.negator.test(this.sentence.tokens[index].folded);
  }

  /** A negator shortly before the frame in its clause, or between its parts. */
  private negated(whole: Span, parts: Span[]): boolean {
    if (negatedBefore(this.cues, this.punctuated, this.beforeWord[whole.first])) return true;
    for (let index = whole.first; index <= whole.last; index++) if (!parts.some((part) => inside(index, part)) && this.isNegator(index)) return true;
    return false;
  }

  /** A look-alike cue ("switch to the annual plan", "cancel the add-on") covers the second part of the frame. */
  private lookAlike(part: Span): boolean {
    const from = this.sentence.tokens[part.first].start;
    const to = this.sentence.tokens[part.last].start + this.sentence.tokens[part.last].folded.length;
    return this.lookAlikes.some(([start, end]) => start < to && from < end);
  }

  private fromBefore(whole: Span, destination: Span): boolean {
    return this.fromSpans.some((from) => from.first >= Math.min(whole.first, destination.first - FROM_WORDS) && from.first <= whole.last);
  }

  private pairs(verbs: Span[], objects: Span[], accept: (verb: Span, object: Span, whole: Span) => boolean): boolean {
    for (const verb of verbs)
      for (const object of objects) {
        if (verb.first === object.first || gap(verb, object) > FRAME_WINDOW) continue;
        const whole = around(verb, object);
        if (this.negated(whole, [verb, object]) || this.lookAlike(object)) continue;
        if (accept(verb, object, whole)) return true;
      }
    return false;
  }

  switching(): boolean {
    const destinations = [...spans(this.sentence, this.frames.destinations), ...brandDestinations(this.sentence, this.frames)];
    const fromless = (_verb: Span, destination: Span, whole: Span) => !this.fromBefore(whole, destination);
    if (this.pairs(spans(this.sentence, this.frames.switchVerbs), destinations, fromless)) return true;
    return spans(this.sentence, this.frames.intent).length > 0 && this.pairs(spans(this.sentence, this.frames.adoptVerbs), destinations, fromless);
  }

  ending(): boolean {
    const notRelationships = spans(this.sentence, this.frames.notRelationships);
    return this.pairs(spans(this.sentence, this.frames.endVerbs), spans(this.sentence, this.frames.relationships), (_verb, _object, whole) =>
      notRelationships.every((other) => other.last < whole.first || other.first > whole.last + 1),
    );
  }

  leavingWords(): boolean {
    return [this.frames.switchVerbs, this.frames.endVerbs, this.frames.destinations].some((pattern) => spans(this.sentence, pattern).length > 0);
  }

  notice(): boolean {
    return spans(this.sentence, this.frames.notices).length > 0;
  }

  guarded(): boolean {
    return spans(this.sentence, this.frames.guards).length > 0;
  }
}

export function hasFrameThreat(text: string, frames: ChurnFrames, cues: ChurnCues): boolean {
  const readers = sentencesOf(text)
    .map((sentence) => new SentenceReader(sentence, frames, cues))
    .filter((reader) => !reader.guarded());
  if (readers.some((reader) => reader.switching() || reader.ending())) return true;
  return readers.some((reader) => reader.notice()) && readers.some((reader) => reader.leavingWords());
}
