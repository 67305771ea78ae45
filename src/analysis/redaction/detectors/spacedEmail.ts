import { regexSpans, type Span } from '../span.js';

const CHAR = String.raw`[\p{L}\p{N}_%+\-]`;
// "b o b @ e x a m p l e . c o m": single characters one or two spaces apart. The lookbehinds start a match only
// at the first spaced character, never inside a run, which keeps the scan linear.
const SPACED_EMAIL = new RegExp(
  String.raw`(?<!(?:^|\s)[\p{L}\p{N}._%+\-]\s{1,2})(?<![\p{L}\p{N}._%+\-@])(?:[\p{L}\p{N}._%+\-]\s{1,2}){1,64}@(?:\s{1,2}${CHAR}){1,63}(?:\s{1,2}\.(?:\s{1,2}${CHAR}){1,63}){1,4}(?![\p{L}\p{N}])`,
  'gu',
);
const EMAIL_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N}._%+\-]*@[\p{L}\p{N}\-]+(?:\.[\p{L}\p{N}\-]+)*\.\p{L}{2,24}$/u;

/** Email addresses typed with a space between every character, to get past filters. */
export function detectSpacedEmails(text: string): Span[] {
  if (!text.includes('@')) return [];
  return regexSpans(text, SPACED_EMAIL, 'email', (m) => EMAIL_SHAPE.test(m[0].replace(/\s+/g, '')));
}
