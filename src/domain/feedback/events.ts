import type { Embedding, Emotion, FeedbackType, Sentiment } from './analysis-values.js';

/** Values of `source` (spec 2.1). The two support-tool integrations are `intercom` and `zendesk`. */
export const FEEDBACK_SOURCES = ['api', 'widget', 'csv', 'appstore', 'call', 'intercom', 'zendesk'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

export interface RecordedAnalysis {
  sentiment: Sentiment;
  sentimentScore: number;
  type: FeedbackType;
  emotions: Emotion[];
  language: string;
  analyzer: string;
  fallback?: { from: string; reason: string };
}

export interface FeedbackSubmitted {
  type: 'FeedbackSubmitted';
  data: {
    feedbackId: string;
    projectId: string;
    /** Already redacted: personal data never reaches the log. */
    text: string;
    userId: string | null;
    /** Lower-cased; kept so the identity capability can attach the item to its user. */
    email: string | null;
    source: FeedbackSource;
    metadata: Record<string, unknown>;
    createdAt: string;
    receivedAt: string;
    /** How many of each kind of personal data were replaced (counts only). */
    redactions: Record<string, number>;
  };
}

export interface FeedbackProcessed {
  type: 'FeedbackProcessed';
  data: {
    feedbackId: string;
    projectId: string;
    analysis: RecordedAnalysis;
    embedding: Embedding;
    processedAt: string;
  };
}

export interface FeedbackDeleted {
  type: 'FeedbackDeleted';
  /** `clusterId`: the theme the item had joined, whose label the deletion process renews (absent in older events). */
  data: { feedbackId: string; projectId: string; deletedAt: string; clusterId?: string | null };
}

/** The theme an item joined; decided once by the clustering worker and replayed as recorded. */
export interface FeedbackClustered {
  type: 'FeedbackClustered';
  data: { feedbackId: string; projectId: string; clusterId: string; similarity: number; clusteredAt: string };
}

/** The item's vector from another embedding model (`feedbackctl reembed`); it leaves its theme and is clustered again. */
export interface FeedbackReembedded {
  type: 'FeedbackReembedded';
  data: { feedbackId: string; projectId: string; embedding: Embedding; reembeddedAt: string };
}

export type FeedbackEvent = FeedbackSubmitted | FeedbackProcessed | FeedbackClustered | FeedbackReembedded | FeedbackDeleted;

export const feedbackStream = (feedbackId: string) => `feedback-${feedbackId}`;
