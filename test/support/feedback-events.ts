import type { FeedbackEvent, RecordedAnalysis } from '../../src/domain/feedback/events.js';

/** Builders of feedback events for projection specs: one project `p1`, one instant unless told otherwise. */
export const AT = '2026-01-01T00:00:00.000Z';

export const NEGATIVE_COMPLAINT: RecordedAnalysis = {
  sentiment: 'negative',
  sentimentScore: -0.4,
  type: 'complaint',
  emotions: [],
  language: 'en',
  analyzer: 'offline',
};

export const submitted = (feedbackId: string, text = 'Export is slow', at = AT): FeedbackEvent => ({
  type: 'FeedbackSubmitted',
  data: { feedbackId, projectId: 'p1', text, userId: null, email: null, source: 'api', metadata: {}, createdAt: at, receivedAt: at, redactions: {} },
});

export const processed = (feedbackId: string, analysis: RecordedAnalysis = NEGATIVE_COMPLAINT, at = AT): FeedbackEvent => ({
  type: 'FeedbackProcessed',
  data: { feedbackId, projectId: 'p1', analysis, embedding: { model: 'm', dimensions: 2, vector: [1, 0] }, processedAt: at },
});

export const clustered = (feedbackId: string, clusterId: string, at = AT, similarity = 1): FeedbackEvent => ({
  type: 'FeedbackClustered',
  data: { feedbackId, projectId: 'p1', clusterId, similarity, clusteredAt: at },
});
