/**
 * Words that frame a question rather than name its subject ("Are customers happy with …?"). Matching
 * items by meaning works on the subject: the framing drags a question's vector towards every opinion
 * about anything (measured with the offline model: "Are customers happy with the new onboarding?"
 * scored a CSV-export complaint 0.33 and an onboarding complaint 0.26; "new onboarding" scored them
 * 0.34 and 0.47).
 */
const FRAMING = new Set(
  (
    'a an the our their my your is are was were be been do does did has have how what why who which whether ' +
    'people customers customer users user clients client buyers members folks they we you ' +
    'happy unhappy satisfied dissatisfied pleased like likes liked love loves hate hates enjoy enjoys ' +
    'feel feels think thinks say says about with of on in for to by good bad enough okay ok fine great ' +
    'opinion opinions view views really actually still so'
  ).split(' '),
);

/** The subject of a question, for matching: its words without the framing; the whole text if nothing is left. */
export function questionSubject(text: string): string {
  const words = text
    .replace(/[?¿!¡.,;:"“”'’()]/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !FRAMING.has(word.toLowerCase()));
  return words.length > 0 ? words.join(' ') : text.trim();
}
