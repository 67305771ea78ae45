import nlp from 'compromise';
import type { Span } from '../span.js';
import { isPersonWord } from './lexicon.js';
import { CUED_NAMES, WEAKLY_CUED_NAMES } from './nameCues.js';
import { isGuarded, startsWithNonName } from './nameGuards.js';

const CAPITALISED = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+/gu;
const WORDS_OF_CONTEXT = 3;
const MAX_WINDOW = 160;

// compromise only tags people around words its lexicon knows as names or honorifics; sending it other capitalised
// words (products, German nouns) tripled the cost without finding one more name on the fixture.
function mayBeName(word: string): boolean {
  const lower = word.toLowerCase();
  return isPersonWord(lower);
}

/**
 * Running the tagger over everything is slow (~7 ms per kilobyte), so it only sees short windows: each candidate
 * word with a few words of context on either side, kept inside its sentence. Overlapping windows are merged.
 */
function candidateWindows(sentence: string): Array<{ start: number; end: number }> {
  const words = [...sentence.matchAll(/\S+/g)].map((w) => ({ start: w.index, end: w.index + w[0].length }));
  const windows: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < words.length; i++) {
    const word = sentence.slice(words[i].start, words[i].end);
    const cap = new RegExp(CAPITALISED).exec(word);
    if (!cap || !mayBeName(cap[0])) continue;
    const from = words[Math.max(0, i - WORDS_OF_CONTEXT)].start;
    const to = words[Math.min(words.length - 1, i + WORDS_OF_CONTEXT)].end;
    const last = windows[windows.length - 1];
    if (last && from <= last.end && to - last.start <= MAX_WINDOW) last.end = Math.max(last.end, to);
    else windows.push({ start: from, end: to });
  }
  return windows;
}

const HONORIFIC_ONLY = /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Madam)\.?$/;

/** Narrows a tagger match to its capitalised words, so "Jane Doe (jane" becomes "Jane Doe" and "Mr." is dropped. */
function narrowToName(text: string, start: number, end: number): Span | undefined {
  const words = [...text.slice(start, end).matchAll(/[^\s]+/g)].map((w) => ({ s: start + w.index, e: start + w.index + w[0].length }));
  while (words.length > 0 && !/^\p{Lu}/u.test(text.slice(words[words.length - 1].s, words[words.length - 1].e))) words.pop();
  if (words.length === 0 || !/^\p{Lu}/u.test(text.slice(words[0].s, words[0].e))) return undefined;
  let s = words[0].s;
  let e = words[words.length - 1].e;
  while (e > s && !/\p{L}/u.test(text[e - 1])) e--;
  if (HONORIFIC_ONLY.test(text.slice(s, e + 1).trim())) return undefined;
  while (s < e && !/\p{L}/u.test(text[s])) s++;
  return e > s ? { start: s, end: e, type: 'name' } : undefined;
}

function taggedPeople(text: string): Span[] {
  const spans: Span[] = [];
  const seen = new Map<string, Array<{ start: number; length: number }>>();
  // Sentence ends are punctuation followed by space, so dots inside emails and versions do not split.
  const sentences = /(?:[^.!?\n]|[.!?](?=[^\s.!?]))+[.!?]*\s*/g;
  for (const s of text.matchAll(sentences)) {
    for (const w of candidateWindows(s[0])) {
      const windowText = s[0].slice(w.start, w.end);
      let people = seen.get(windowText);
      if (!people) {
        const found = nlp(windowText).people().json({ offset: true }) as Array<{ offset: { start: number; length: number } }>;
        people = found.map((p) => p.offset);
        seen.set(windowText, people);
      }
      const base = s.index + w.start;
      for (const p of people) {
        const span = narrowToName(text, base + p.start, base + p.start + p.length);
        if (span && !isGuarded(text.slice(span.start, span.end), false)) spans.push(span);
      }
    }
  }
  return spans;
}

function cuedPeople(text: string, patterns: RegExp[], guarded: (candidate: string) => boolean): Span[] {
  const spans: Span[] = [];
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const [start, end] = m.indices?.[1] ?? [0, 0];
      if (end > start && !guarded(m[1])) spans.push({ start, end, type: 'name' });
    }
  }
  return spans;
}

/** Person names found by compromise's tagger and by cue patterns (introductions, honorifics, sign-offs, "ask"). */
export function detectNames(text: string): Span[] {
  return [
    ...taggedPeople(text),
    ...cuedPeople(text, CUED_NAMES, (c) => isGuarded(c, true)),
    ...cuedPeople(text, WEAKLY_CUED_NAMES, (c) => isGuarded(c, true) || startsWithNonName(c)),
  ];
}
