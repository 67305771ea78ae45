import type { QuestionVerdict, VerdictCounts } from './events.js';

/** Fewer opinions than this (positive + negative matching items) say nothing yet. */
export const MIN_OPINIONS = 5;
/** A side needs at least this share of the opinions to be the verdict; otherwise the verdict is mixed. */
export const DECISIVE_SHARE = 0.7;
/** Only items created within this many days before the evaluation count. */
export const VERDICT_WINDOW_DAYS = 30;

/**
 * The verdict of a tracked question from the sentiment of its matching items (README, "Tracked
 * questions"): neutral items match but hold no opinion.
 */
export function verdictOf(counts: VerdictCounts): QuestionVerdict {
  const opinions = counts.positive + counts.negative;
  if (opinions < MIN_OPINIONS) return 'insufficient';
  if (counts.positive / opinions >= DECISIVE_SHARE) return 'positive';
  if (counts.negative / opinions >= DECISIVE_SHARE) return 'negative';
  return 'mixed';
}

/**
 * An item matches a question when the search score (1 − cosine distance of the raw embeddings) is at
 * least this; each model spreads similarities differently. Tuned on the tracked-questions e2e set.
 */
const MATCH_SCORE_BY_MODEL: Record<string, number> = {
  'use-lite-512': 0.45,
  'text-embedding-3-small': 0.4,
  'text-embedding-3-large': 0.4,
};

export const matchScoreFor = (model: string): number => MATCH_SCORE_BY_MODEL[model] ?? 0.5;
