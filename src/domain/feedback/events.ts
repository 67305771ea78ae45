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
  /** How sure the analyzer was, in [0, 1]; absent in events recorded before the field existed. */
  confidence?: number;
  /** The product area the LLM analyzer named (see `TextAnalysis.topic`); absent when none was named. */
  topic?: string;
  /** The customer threatens to leave (see `TextAnalysis.churnRisk`); absent in events recorded before the field existed: false. */
  churnRisk?: boolean;
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
    /** History brought in by an import: joins themes, never alerts, whatever its date (absent: judged by `createdAt`). */
    backfill?: boolean;
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
  /**
   * `clusterId`: the theme the item had joined, whose label the deletion process renews (absent in older events).
   * `erasureRequestId`: the user erasure that deleted it, which then erases it from the log and relabels its theme in bulk.
   */
  data: { feedbackId: string; projectId: string; deletedAt: string; clusterId?: string | null; erasureRequestId?: string };
}

/** The theme an item joined; decided once by the clustering worker and replayed as recorded. */
export interface FeedbackClustered {
  type: 'FeedbackClustered';
  data: {
    feedbackId: string;
    projectId: string;
    clusterId: string;
    similarity: number;
    clusteredAt: string;
    /**
     * The versions of the data the placement was computed with, by kind (e.g. `vector`:
     * `use-lite-512@sha256:…`, `taxonomy`, `thresholds`: content digests). Absent on events recorded before
     * versions were kept.
     */
    versions?: Readonly<Record<string, string>>;
  };
}

/** The item's vector from another embedding model (`feedbackctl reembed`); it leaves its theme and is clustered again. */
export interface FeedbackReembedded {
  type: 'FeedbackReembedded';
  data: { feedbackId: string; projectId: string; embedding: Embedding; reembeddedAt: string };
}

/**
 * A person put the item into another theme (`PUT /clusters/{id}/items/{feedbackId}`, reason `move`)
 * or split it off with others (`POST /clusters/{id}/split`, reason `split`); or the item matches a theme
 * a person defined, and the pass that follows a definition moved it in (reason `defined`). The clustering
 * worker never moves it back: it places only items that have no theme; the defined-theme pass never
 * moves an item a person placed.
 */
export interface FeedbackMoved {
  type: 'FeedbackMoved';
  data: { feedbackId: string; projectId: string; fromClusterId: string; clusterId: string; reason: 'move' | 'split' | 'defined'; movedAt: string };
}

export type FeedbackEvent = FeedbackSubmitted | FeedbackProcessed | FeedbackClustered | FeedbackReembedded | FeedbackDeleted | FeedbackMoved;

export const feedbackStream = (feedbackId: string) => `feedback-${feedbackId}`;
