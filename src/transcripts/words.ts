/**
 * Spoken words, as `word_count` reports them: runs of letters and digits (inner apostrophes and
 * hyphens keep a word whole: "don't", "follow-up"), in the turns' text only. Speaker labels,
 * timestamps, WebVTT cue timings and tags are not words. Scripts written without spaces (Chinese
 * characters, Japanese kana) count one word per character.
 */
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}\p{N}])+(?:['’-](?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}\p{N}])+)*/gu;

export function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) count++;
  return count;
}
