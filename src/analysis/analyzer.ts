/**
 * The analyzer port: everything the service asks of a model. Two implementations live beside it:
 * `offline/` (the default, no network) and `llm/` (any OpenAI-compatible server).
 * Everything an analyzer returns is recorded in events, so replay never calls a model.
 */

export { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../domain/feedback/analysis-values.js';
export type { Embedding, Emotion, FeedbackType, Sentiment } from '../domain/feedback/analysis-values.js';
import type { Embedding, Emotion, FeedbackType, Sentiment } from '../domain/feedback/analysis-values.js';

export interface TextAnalysis {
  sentiment: Sentiment;
  /** In [-1, 1]; its sign matches `sentiment` (0 only for neutral). */
  sentimentScore: number;
  type: FeedbackType;
  emotions: Emotion[];
  /** ISO 639-1 code, e.g. `en`; `und` when undetermined. */
  language: string;
  /**
   * How sure the analyzer is of `sentiment` and `type`, in [0, 1]: below about 0.5 the answer is a weak guess.
   * Absent from analyses recorded before the field existed.
   */
  confidence?: number;
  /**
   * The product area the feedback is about, as the LLM analyzer names it: a short English phrase such as
   * "CSV export", whatever the feedback's language. Part of the clustering vector. Absent from the offline
   * analyzer, when the model named none, and from analyses recorded before the field existed.
   */
  topic?: string;
  /**
   * The customer threatens to leave: cancel, switch to a competitor, not renew, demand a refund and close the
   * account, uninstall for good. An item with a churn risk is never `positive`.
   */
  churnRisk: boolean;
}

export interface Analysis extends TextAnalysis {
  embedding: Embedding;
  /** Which analyzer produced this, e.g. `offline` or `llm:gpt-4o-mini`. */
  analyzer: string;
  /** Set when the configured analyzer failed and another one produced the result. */
  fallback?: { from: string; reason: string };
}

/** What an analyzer may be told about the item's project besides its text. */
export interface AnalysisContext {
  /**
   * Topics the project's recent items already have, most frequent first, so that one area keeps one name
   * ("Delivery time", not also "Late deliveries"). Only for an analyzer that `namesTopics`.
   */
  knownTopics?: readonly string[];
}

export interface Analyzer {
  readonly name: string;
  /** Name and dimension of the vectors this analyzer produces (search queries must match). */
  readonly embeddingModel: { model: string; dimensions: number };
  /** Whether `analyze` names a topic, and so takes the project's known topics as context. */
  readonly namesTopics?: boolean;
  analyze(text: string, context?: AnalysisContext): Promise<Analysis>;
  /** Embeds a search query or any other text with the same model as `analyze`. */
  embed(text: string): Promise<Embedding>;
  close?(): Promise<void>;
}
