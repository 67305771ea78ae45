/**
 * Writing systems that settle the language on their own, checked before the statistical model:
 * kana is only used for Japanese and Hangul only for Korean. Han characters alone are Chinese
 * (Japanese text nearly always mixes in kana), which lid.176 gets wrong for very short inputs.
 */
export function scriptHint(text: string): string | undefined {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  const letters = text.match(/\p{L}/gu) ?? [];
  const han = text.match(/\p{Script=Han}/gu) ?? [];
  if (han.length > 0 && han.length >= letters.length * 0.5) return 'zh';
  return undefined;
}
