import type { Span } from '../span.js';
import { isCommonWord } from './lexicon.js';
import { FUNCTION_WORDS } from './nameGuards.js';

// A spelled-out address must end in a real top-level domain, which keeps "look at the dot matrix" out.
const TLDS = [
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'info',
  'biz',
  'io',
  'co',
  'me',
  'app',
  'dev',
  'ai',
  'tech',
  'online',
  'site',
  'shop',
  'store',
  'email',
  'xyz',
  'eu',
  'uk',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'be',
  'ch',
  'at',
  'se',
  'no',
  'dk',
  'fi',
  'pl',
  'cz',
  'ie',
  'jp',
  'us',
  'ca',
  'au',
  'nz',
  'br',
  'mx',
  'ar',
  'cl',
  'in',
  'cn',
  'kr',
  'ru',
  'za',
  'tv',
  'cc',
  'fm',
  'africa',
].join('|');

const OPEN = String.raw`[(\[{<]`;
const CLOSE = String.raw`[)\]}>]`;
// "@" and "." written out (at, arroba, arobase, chiocciola; dot, punto, punkt, point, ponto, punt) or bracketed.
const AT = String.raw`\s?${OPEN}\s?(?:at|@|arroba|arobase|chiocciola|ät)\s?${CLOSE}\s?|\s(?:at|arroba|arobase|chiocciola|klammeraffe)\s|\s?@\s?`;
const DOT = String.raw`\s?${OPEN}\s?(?:dot|punto|punkt|point|ponto|punt|\.)\s?${CLOSE}\s?|\s(?:dot|punto|punkt|point|ponto|punt)\s|\.`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}\-]*[\p{L}\p{N}])?`;

// The scan finds the written-out "@" first, then reads the address around it: the local part by walking back word by
// word, the domain with an anchored pattern over a bounded window. Linear however long the input.
const AT_SEPARATOR = new RegExp(AT, 'giu');
const DOT_BEFORE = new RegExp(String.raw`(?:${DOT})$`, 'iu');
const DOMAIN_AFTER = new RegExp(String.raw`^${LABEL}(?:(?:${DOT})${LABEL}){0,3}(?:${DOT})(?:${TLDS})(?![\p{L}\p{N}\-]|\.[\p{L}\p{N}])`, 'iu');
const WORD_CHAR = /[\p{L}\p{N}_%+\-]/u;
const ALNUM = /[\p{L}\p{N}]/u;
const LOCAL_CHAR = /[\p{L}\p{N}._%+@'’\-]/u;
const MAX_LOCAL_WORDS = 4;
const WINDOW = 64;
const DOT_SEPARATOR = new RegExp(DOT, 'iu');
const WRITTEN_OUT = /[\s()[\]{}<>]/;
const BARE_AT = /^\sat\s$/i;

const WEBMAIL = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'hotmail',
  'outlook',
  'live',
  'icloud',
  'aol',
  'gmx',
  'web',
  'proton',
  'protonmail',
  'yandex',
  'libero',
  'orange',
  'laposte',
  'wanadoo',
  't-online',
  'posteo',
  'msn',
]);
const MAILBOXES = new Set([
  'info',
  'support',
  'contact',
  'sales',
  'hello',
  'admin',
  'office',
  'mail',
  'team',
  'billing',
  'help',
  'service',
  'kontakt',
  'contacto',
  'contatto',
  'privacy',
  'press',
  'jobs',
]);
const DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'some',
  'any',
  'each',
  'every',
  'least',
  'most',
  'all',
  'no',
]);

// The bare word "at" mostly means a place or a time ("the docs at docs.example.com", "look at example dot com"), so
// it only counts when the domain is spelled out or a webmail provider, and the part before it is no everyday word.
function isAddressAfterBareAt(local: string, domain: string): boolean {
  const labels = domain.split(DOT_SEPARATOR);
  const domainWrittenOut = WRITTEN_OUT.test(domain) || (labels.length === 2 && WEBMAIL.has(labels[0].toLowerCase()));
  if (!domainWrittenOut || DETERMINERS.has(labels[0].toLowerCase())) return false;
  const word = local.toLowerCase();
  if (!/^\p{L}+$/u.test(word)) return true;
  return MAILBOXES.has(word) || (!isCommonWord(word) && !FUNCTION_WORDS.has(word));
}

/** Where the local part ending at `end` starts ("zelda dot quintrell", "j.smith"), or -1 when there is none. */
function localPartStart(text: string, end: number): number {
  let start = -1;
  let pos = end;
  for (let words = 0; words < MAX_LOCAL_WORDS; words++) {
    let s = pos;
    while (s > 0 && WORD_CHAR.test(text[s - 1])) s--;
    while (s < pos && !ALNUM.test(text[s])) s++;
    if (s === pos) break;
    start = s;
    const dot = DOT_BEFORE.exec(text.slice(Math.max(0, s - 12), s));
    if (!dot) break;
    pos = s - dot[0].length;
  }
  return start > 0 && LOCAL_CHAR.test(text[start - 1]) ? -1 : start;
}

/** Addresses with "@" or "." written out or bracketed: "zelda dot quintrell at example dot org", "max(at)web(punkt)de". */
export function detectSpelledEmails(text: string): Span[] {
  const spans: Span[] = [];
  for (const at of text.matchAll(AT_SEPARATOR)) {
    const start = localPartStart(text, at.index);
    if (start < 0) continue;
    const afterAt = at.index + at[0].length;
    const domain = DOMAIN_AFTER.exec(text.slice(afterAt, afterAt + WINDOW));
    if (!domain) continue;
    const local = text.slice(start, at.index);
    const plain = at[0].trim() === '@' && !WRITTEN_OUT.test(local + at[0] + domain[0]);
    if (plain || (BARE_AT.test(at[0]) && !isAddressAfterBareAt(local, domain[0]))) continue;
    spans.push({ start, end: afterAt + domain[0].length, type: 'email' });
  }
  return spans;
}
