import vader from 'vader-sentiment';

export interface LexiconScores {
  /** VADER compound score in [-1, 1]. */
  compound: number;
  positive: number;
  negative: number;
}

/** Signed lexicon sentiment (VADER); knows general English, not product language. */
export function lexiconScores(text: string): LexiconScores {
  const scores = vader.SentimentIntensityAnalyzer.polarity_scores(text);
  return { compound: scores.compound, positive: scores.pos, negative: scores.neg };
}
