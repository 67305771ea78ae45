/**
 * The values an analysis records in `FeedbackProcessed` and `FeedbackReembedded`. The events own
 * their vocabulary; the analyzer port (`src/analysis/analyzer.ts`) states the same values, and a
 * unit test keeps the two equal.
 */

export type Sentiment = 'positive' | 'neutral' | 'negative';

export type FeedbackType = 'bug' | 'feature_request' | 'question' | 'complaint' | 'praise' | 'other';

export type Emotion = 'anger' | 'frustration' | 'disappointment' | 'confusion' | 'anxiety' | 'satisfaction' | 'gratitude' | 'excitement';

export interface Embedding {
  /** Name of the embedding model, e.g. `use-lite-512` or `text-embedding-3-small`. */
  model: string;
  dimensions: number;
  vector: number[];
}
