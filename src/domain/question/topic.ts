/**
 * The framing words of a question ("Are customers happy with …?", lower case; a data file,
 * `resources/questions/framing-words.json`) name no subject. Matching
 * items by meaning works on the subject: the framing drags a question's vector towards every opinion
 * about anything (measured with the offline model: "Are customers happy with the new onboarding?"
 * scored a CSV-export complaint 0.33 and an onboarding complaint 0.26; "new onboarding" scored them
 * 0.34 and 0.47).
 */
/** The subject of a question, for matching: its words without the framing words; the whole text if nothing is left. */
export function questionSubject(text: string, framingWords: ReadonlySet<string>): string {
  const words = text
    .replace(/[?¿!¡.,;:"“”'’()]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !framingWords.has(word.toLowerCase()));
  return words.length > 0 ? words.join(' ') : text.trim();
}
