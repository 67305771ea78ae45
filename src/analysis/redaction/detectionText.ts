// Every replacement below is one UTF-16 code unit for one, so spans found in the folded text fit the original.
const FULL_WIDTH_ASCII = /[\uFF01-\uFF5E]/g;
const IDEOGRAPHIC_SPACE = /\u3000/g;
// Hyphen look-alikes that keyboards and IMEs put between digit groups (en dash, minus, katakana prolonged mark).
const DASH_BETWEEN_DIGITS = /(?<=\d)[\u2010-\u2015\u2212\u30FC\uFF70](?=\d)/g;
// Chinese, Japanese and Korean put no space between a word and a number or an address written in Latin characters.
const UNSPACED_SCRIPT = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/gu;
// Not a letter, digit or space, so it bounds a finding on both sides without joining the digit groups around it.
const BOUNDARY = '\u0000';

/**
 * The text the pattern detectors read: full-width forms folded to ASCII ("０９０－１２３４", "ｊｏｈｎ＠…"), dash
 * look-alikes between digits made hyphens, and CJK characters turned into boundaries. Same length as the input.
 */
export function detectionText(text: string): string {
  return text
    .replace(FULL_WIDTH_ASCII, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(IDEOGRAPHIC_SPACE, ' ')
    .replace(DASH_BETWEEN_DIGITS, '-')
    .replace(UNSPACED_SCRIPT, (ch) => BOUNDARY.repeat(ch.length));
}
