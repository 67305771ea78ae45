import { regexSpans, type Span } from '../span.js';

// "@" and "." as HTML character references: &#64; &#064; &#x40; &commat; and &#46; &#x2e; &period;.
const AT = '(?:@|&#0*64;|&#x0*40;|&commat;)';
const DOT = '(?:\\.|&#0*46;|&#x0*2e;|&period;)';
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}\-]*[\p{L}\p{N}])?`;
const HTML_EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+\-])[\p{L}\p{N}][\p{L}\p{N}._%+\-]*${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}\p{L}{2,24}(?![\p{L}\p{N}\-])`,
  'giu',
);

/** Email addresses whose "@" or dots were written as HTML character references by a form or an export ("dave&#64;example.com"). */
export function detectHtmlEmails(text: string): Span[] {
  if (!text.includes('&')) return [];
  return regexSpans(text, HTML_EMAIL, 'email', (m) => m[0].includes('&'));
}
