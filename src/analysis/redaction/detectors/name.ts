import nlp from 'compromise';
import type { Span } from '../span.js';
import { isGuarded } from './nameGuards.js';

const lexicon: Record<string, string | string[]> = (nlp as unknown as { model(): { one: { lexicon: Record<string, string | string[]> } } }).model().one.lexicon;
const PERSON_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person', 'Honorific']);

const NAME = String.raw`\p{Lu}\p{Ll}[\p{L}'’\-]*`;
const FULL_NAME = String.raw`${NAME}(?:\s(?:(?:van|von|de|da|del|der|di|le|la)\s)?${NAME}){0,2}`;
// Names announced by the writer: introductions, honorifics and sign-offs. The name is capture group 1.
const CUED_NAMES: RegExp[] = [
  new RegExp(String.raw`\b(?:my name is|I am|I'm|I’m|mein Name ist|ich heiße|je m'appelle|je m’appelle|me llamo|mi nombre es|mi chiamo|name:)\s(${FULL_NAME})`, 'gdu'),
  new RegExp(String.raw`(?<![\p{L}])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|Monsieur|Madame|Mme|Mlle|Sr|Sra|Señor|Señora|Sig|Signora|Signor)\.?\s(${FULL_NAME})`, 'gdu'),
  new RegExp(String.raw`(?:^|[.!?\n]\s*)(?:[Tt]hanks|[Tt]hank you|[Cc]heers|[Rr]egards|[Bb]est|[Kk]ind regards|[Bb]est regards|[Bb]est wishes|[Gg]reetings|[Vv]iele Grüße|[Ll]iebe Grüße|[Mm]it freundlichen Grüßen|[Gg]rüße|[Dd]anke|[Cc]ordialement|[Mm]erci|[Bb]ien à vous|[Ss]aludos|[Uu]n saludo|[Gg]racias|[Cc]ordiali saluti|[Gg]razie)[,!.]?\s{1,3}(?:[-–—]\s?)?(${FULL_NAME})[.!]?\s*$`, 'gdmu'),
  new RegExp(String.raw`(?:^|\n)\s*[-–—~]\s?(${FULL_NAME})\s*$`, 'gdmu'),
  new RegExp(String.raw`\b(?:spoke (?:to|with)|talked (?:to|with)|chatted with|your (?:agent|colleague|rep|technician)|agent|named|called|sprach mit|Mitarbeiter(?:in)?|parlé (?:à|avec)|hablé con|ho parlato con)\s(${FULL_NAME})`, 'gdu'),
];

function isPersonWord(word: string): boolean {
  const tags = lexicon[word.toLowerCase()];
  return (Array.isArray(tags) ? tags : [tags]).some((t) => t !== undefined && PERSON_TAGS.has(t));
}

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

function cuedPeople(text: string): Span[] {
  const spans: Span[] = [];
  for (const re of CUED_NAMES) {
    for (const m of text.matchAll(re)) {
      const [start, end] = m.indices?.[1] ?? [0, 0];
      if (end > start && !isGuarded(m[1], true)) spans.push({ start, end, type: 'name' });
    }
  }
  return spans;
}

/** Person names found by compromise's tagger and by cue patterns (introductions, honorifics, sign-offs). */
export function detectNames(text: string): Span[] {
  return [...taggedPeople(text), ...cuedPeople(text)];
}
