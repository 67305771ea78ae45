/** Names a theme: a short human label (2–6 words) for a cluster of feedback texts and its salient terms. */
export interface ThemeLabeler {
  label(input: { texts: string[]; terms: string[] }): Promise<string>;
}
