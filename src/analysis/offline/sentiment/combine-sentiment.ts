/**
 * Final sentiment from three sources: the embedding classifier's probabilities (primary), the
 * VADER lexicon score corrected by product rules (for the score's magnitude), and hard rules for
 * requests, which lexicons and embeddings tend to read as complaints.
 */
import type { Sentiment } from '../../analyzer.js';
import type { ProductSignals } from '../rules/product-signals.js';

export interface SentimentProbabilities {
  pPositive: number;
  pNeutral: number;
  pNegative: number;
}

const CLASSIFIER_WEIGHT = 0.7;
/** Smallest magnitude of a non-neutral score, so that its sign is never lost to rounding. */
const MIN_MAGNITUDE = 0.05;

/** VADER's compound score with product failures pulled negative (VADER scores "crashes" as 0). */
export function ruleAdjustedLexicon(compound: number, signals: ProductSignals): number {
  let score = compound;
  if ((signals.crash || signals.malfunction || signals.slow) && !signals.resolved) score = Math.min(score, 0) - 0.4;
  if (signals.negatedPositive) score = Math.min(score, -0.2);
  return Math.max(-1, Math.min(1, score));
}

export function combineSentiment(p: SentimentProbabilities, signals: ProductSignals, lexiconCompound: number): { sentiment: Sentiment; score: number } {
  let sentiment: Sentiment = p.pPositive >= p.pNeutral && p.pPositive >= p.pNegative ? 'positive' : p.pNegative >= p.pNeutral ? 'negative' : 'neutral';

  // A plain request ("please add dark mode", "would be great if ...") is not negative feedback.
  const problem = signals.crash || signals.malfunction || signals.slow || signals.grievance || signals.negatedPositive;
  if (sentiment === 'negative' && signals.featureRequest && !problem) {
    sentiment = p.pPositive > p.pNeutral ? 'positive' : 'neutral';
  }

  if (sentiment === 'neutral') return { sentiment, score: 0 };
  const raw = CLASSIFIER_WEIGHT * (p.pPositive - p.pNegative) + (1 - CLASSIFIER_WEIGHT) * ruleAdjustedLexicon(lexiconCompound, signals);
  const magnitude = Math.min(1, Math.max(MIN_MAGNITUDE, sentiment === 'positive' ? raw : -raw));
  const score = Number((sentiment === 'positive' ? magnitude : -magnitude).toFixed(3));
  return { sentiment, score };
}
