import type { ClusteringThresholds } from './assignment.js';

/**
 * Similarity thresholds per embedding model: each model spreads cosine similarities differently. The
 * values are data (`resources/themes/thresholds.json`, with how they were chosen); a model not named
 * there takes the default, chosen for the LLM path.
 */
export interface ThresholdTable {
  byModel: Readonly<Record<string, ClusteringThresholds>>;
  default: ClusteringThresholds;
}

export function thresholdsFrom(table: ThresholdTable): (model: string) => ClusteringThresholds {
  return (model) => (Object.hasOwn(table.byModel, model) ? table.byModel[model] : table.default);
}
