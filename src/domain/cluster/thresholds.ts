import type { ClusteringThresholds } from './assignment.js';

/**
 * Similarity thresholds per embedding model: each model spreads cosine similarities differently.
 * The offline model's values are tuned on the labelled clustering set (`npm run eval`).
 */
const BY_MODEL: Record<string, ClusteringThresholds> = {
  // On `toClusteringVector` (centred embedding + lexical block + aspect block), not on the raw embeddings.
  // Tuned on the first-week sets (test/eval/first-week.ts) with settling after every item; before the
  // aspect block: join 0.36, merge 0.4, mergeAverage 0.13.
  'use-lite-512': { join: 0.48, merge: 0.5, mergeAverage: 0.3 },
  'text-embedding-3-small': { join: 0.45, merge: 0.7 },
  'text-embedding-3-large': { join: 0.45, merge: 0.7 },
};

const DEFAULT: ClusteringThresholds = { join: 0.5, merge: 0.75 };

export function thresholdsFor(model: string): ClusteringThresholds {
  return BY_MODEL[model] ?? DEFAULT;
}
