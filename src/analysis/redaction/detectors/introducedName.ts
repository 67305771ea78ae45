import { alternation } from '../cues.js';
import type { Span } from '../span.js';
import cues from './cues/introductions.json' with { type: 'json' };
import { isGivenName } from './lexicon.js';
import { isGuarded } from './nameGuards.js';

// Introductions the Latin-script cue patterns do not cover, and introductions in scripts without capitals or spaces.
// Runs on the original text: the detection text turns Han and Kana into boundaries.

const CAP = String.raw`\p{Lu}\p{Ll}[\p{L}'’\-]*`;
const PARTICLES = String.raw`(?:van|von|de|den|der|da|del|di|du|le|la|ten|ter|te|dos|das)`;
const CAP_NAME = new RegExp(String.raw`\s(${CAP}(?:\s(?:${PARTICLES}\s){0,2}${CAP}){0,2})`, 'uy');
const LATIN_STRONG = new RegExp(String.raw`(?<![\p{L}])(?:${alternation(cues.latinStrong)})(?=\s)`, 'giu');
const LATIN_WEAK = new RegExp(String.raw`(?<![\p{L}])(?:${alternation(cues.latinWeak)})(?=\s)`, 'giu');
const CYRILLIC = new RegExp(String.raw`(?<![\p{L}])(?:${alternation(cues.cyrillic)})(?=[\s,:—–-])`, 'giu');
const CYRILLIC_NAME = new RegExp(String.raw`[\s,:—–-]{1,3}(${CAP}(?:[\s\-]${CAP}){0,2})`, 'uy');

const ARABIC = new RegExp(String.raw`(?<![\p{L}])(?:${alternation(cues.arabic)})(?=\s)`, 'gu');
const ARABIC_WORD = /\s+((?:(?=\p{L})\p{sc=Arabic})+)/uy;
const ARABIC_NOT_NAMES = new Set([...cues.arabicNotNames, ...cues.arabic]);

const HAN = String.raw`\p{sc=Han}`;
const CHINESE_STRONG = new RegExp(`(?:${alternation(cues.chineseStrong)})`, 'gu');
const CHINESE_SURNAME_LED = new RegExp(`(?:${alternation(cues.chineseSurnameLed)})`, 'gu');
const CHINESE_NAME = new RegExp(String.raw`\s?(${HAN}{1,4})`, 'uy');
const CHINESE_NOT_IN_NAMES = new Set([...cues.chineseNotInNames]);
const CHINESE_SURNAMES = [...cues.chineseSurnames].sort((a, b) => b.length - a.length);

const JAPANESE_NAME_CHAR = String.raw`[\p{sc=Han}\p{sc=Katakana}ー・]`;
const JAPANESE_STRONG = new RegExp(
  String.raw`(?:${alternation(cues.japaneseStrong)})\s?(${JAPANESE_NAME_CHAR}{1,8}(?:[ 　]${JAPANESE_NAME_CHAR}{1,6})?)`,
  'gdu',
);
const JAPANESE_STRONG_AFTER = new RegExp(
  String.raw`(?<!${JAPANESE_NAME_CHAR})(${JAPANESE_NAME_CHAR}{1,8}(?:[ 　]${JAPANESE_NAME_CHAR}{1,6})?)(?:${alternation(cues.japaneseStrongAfter)})`,
  'gdu',
);
const JAPANESE_SURNAME_LED = new RegExp(
  String.raw`(?:${alternation(cues.japaneseSurnameLed)})\s?(${JAPANESE_NAME_CHAR}{1,8}(?:[ 　]${JAPANESE_NAME_CHAR}{1,6})?)です`,
  'gdu',
);

function name(start: number, value: string): Span {
  return { start, end: start + value.length, type: 'name' };
}

function after(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

// A name in a script without capitals right after a Latin-script cue ("my name is 王小明", "je m'appelle أحمد").
const CJK_AFTER_LATIN = new RegExp(String.raw`\s(${JAPANESE_NAME_CHAR}{1,6})`, 'uy');
const CASELESS_LETTER = String.raw`(?:(?=\p{L})[\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Hangul}\p{sc=Devanagari}\p{sc=Thai}])`;
const CASELESS_WORD = new RegExp(String.raw`\s+(${CASELESS_LETTER}+)`, 'uy');

function hasKnownSurname(candidate: string): boolean {
  return CHINESE_SURNAMES.some((s) => candidate.startsWith(s)) || cues.japaneseSurnames.some((s) => candidate.startsWith(s));
}

/** After a weak cue ("I am", "ik ben") a Han run must start with a family name, and only Arabic words (past the function-word list) count. */
function otherScriptName(text: string, index: number, weak: boolean): Span | undefined {
  const cjk = after(CJK_AFTER_LATIN, text, index);
  if (cjk) {
    const found = chineseName(cjk[1], false) || cjk[1];
    return !weak || hasKnownSurname(found) ? name(cjk.index + 1, found) : undefined;
  }
  // Only Arabic has a function-word list here; after a weak cue other caseless scripts are as likely an adjective.
  return wordsUntilNotName(text, index, weak ? ARABIC_WORD : CASELESS_WORD);
}

function latinNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const cue of text.matchAll(LATIN_STRONG)) {
    const end = cue.index + cue[0].length;
    const m = after(CAP_NAME, text, end);
    if (m && !isGuarded(m[1], true)) spans.push(name(m.index + 1, m[1]));
    else if (!m) spans.push(...[otherScriptName(text, end, false)].filter((s): s is Span => s !== undefined));
  }
  // "Ik ben", "ich bin" as often introduce a role or a state ("Ik ben Premium klant"): a known first name or a full name only.
  for (const cue of text.matchAll(LATIN_WEAK)) {
    const end = cue.index + cue[0].length;
    const m = after(CAP_NAME, text, end);
    if (!m) spans.push(...[otherScriptName(text, end, true)].filter((s): s is Span => s !== undefined));
    if (!m || isGuarded(m[1], true)) continue;
    const capitalised = m[1].split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
    if (isGivenName(capitalised[0]) || capitalised.length >= 2) spans.push(name(m.index + 1, m[1]));
  }
  return spans;
}

function cyrillicNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const cue of text.matchAll(CYRILLIC)) {
    const m = after(CYRILLIC_NAME, text, cue.index + cue[0].length);
    if (m) spans.push(name(m.index + m[0].length - m[1].length, m[1]));
  }
  return spans;
}

// Arabic has no capitals: up to three words after the cue, stopping at punctuation, a function word or "و…" ("and …").
function wordsUntilNotName(text: string, index: number, word: RegExp): Span | undefined {
  let cursor = index;
  let start = -1;
  let end = -1;
  for (let i = 0; i < 3; i++) {
    const m = after(word, text, cursor);
    if (!m || ARABIC_NOT_NAMES.has(m[1]) || (i > 0 && m[1].startsWith('و'))) break;
    if (start < 0) start = m.index + m[0].length - m[1].length;
    end = m.index + m[0].length;
    cursor = end;
  }
  return start >= 0 ? { start, end, type: 'name' } : undefined;
}

function arabicNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const cue of text.matchAll(ARABIC)) {
    const found = wordsUntilNotName(text, cue.index + cue[0].length, ARABIC_WORD);
    if (found) spans.push(found);
  }
  return spans;
}

function chineseName(run: string, surnameLed: boolean): string {
  let cut = 0;
  while (cut < run.length && !CHINESE_NOT_IN_NAMES.has(run[cut])) cut++;
  const candidate = run.slice(0, cut);
  if (!surnameLed) return candidate.length >= 2 ? candidate : '';
  const surname = CHINESE_SURNAMES.find((s) => candidate.startsWith(s));
  // Surname plus a one- or two-character given name.
  return surname && candidate.length > surname.length ? candidate.slice(0, surname.length + 2) : '';
}

function chineseNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const [cues, surnameLed] of [
    [CHINESE_STRONG, false],
    [CHINESE_SURNAME_LED, true],
  ] as const) {
    for (const cue of text.matchAll(cues)) {
      const m = after(CHINESE_NAME, text, cue.index + cue[0].length);
      const found = m ? chineseName(m[1], surnameLed) : '';
      if (m && found) spans.push(name(m.index + m[0].length - m[1].length, found));
    }
  }
  return spans;
}

function japaneseNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const re of [JAPANESE_STRONG, JAPANESE_STRONG_AFTER]) {
    for (const m of text.matchAll(re)) spans.push(name(m.indices![1][0], m[1]));
  }
  // "私は…です" as often says "I am a student": only names that start with a common family name.
  for (const m of text.matchAll(JAPANESE_SURNAME_LED)) {
    if (cues.japaneseSurnames.some((s) => m[1].startsWith(s))) spans.push(name(m.indices![1][0], m[1]));
  }
  return spans;
}

/** Self-introductions ("Ik ben Jan de Vries", "меня зовут Анна", "اسمي أحمد", "我叫王小明", "私は田中です"): the name is redacted. */
export function detectIntroducedNames(text: string): Span[] {
  return [...latinNames(text), ...cyrillicNames(text), ...arabicNames(text), ...chineseNames(text), ...japaneseNames(text)];
}
