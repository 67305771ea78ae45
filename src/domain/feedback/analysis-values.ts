/**
 * The values an analysis records in `FeedbackProcessed` and `FeedbackReembedded`: the events own their
 * vocabulary, stated here once; the analyzer port (`src/analysis/analyzer.ts`) takes it from here.
 */

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

export const FEEDBACK_TYPES = ['bug', 'feature_request', 'question', 'complaint', 'praise', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** The fixed emotion vocabulary. An item carries zero or more of these. */
export const EMOTIONS = ['anger', 'frustration', 'disappointment', 'confusion', 'anxiety', 'satisfaction', 'gratitude', 'excitement'] as const;
export type Emotion = (typeof EMOTIONS)[number];

export interface Embedding {
  /** Name of the embedding model, e.g. `use-lite-512` or `text-embedding-3-small`. */
  model: string;
  dimensions: number;
  vector: number[];
}
