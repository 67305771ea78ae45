import { expect } from 'chai';
import { NotFound } from '../../../src/domain/errors.js';
import { FeedbackAlreadySubmitted } from '../../../src/domain/feedback/decide.js';
import { feedbackDecider } from '../../../src/domain/feedback/decider.js';
import type { FeedbackClustered, FeedbackEvent, FeedbackProcessed, FeedbackReembedded, FeedbackSubmitted } from '../../../src/domain/feedback/events.js';
import { feedbackIdForIdempotencyKey } from '../../../src/domain/feedback/idempotency.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const spec = DeciderSpecification.for(feedbackDecider);
const submission: FeedbackSubmitted['data'] = {
  feedbackId: 'fb_1',
  projectId: 'p1',
  text: 'Export crashes',
  userId: null,
  email: null,
  source: 'api',
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  receivedAt: '2026-01-01T00:00:00.000Z',
  redactions: {},
};
const submitted: FeedbackEvent = { type: 'FeedbackSubmitted', data: submission };
const result: FeedbackProcessed['data'] = {
  feedbackId: 'fb_1',
  projectId: 'p1',
  analysis: { sentiment: 'negative', sentimentScore: -0.6, type: 'bug', emotions: ['frustration'], language: 'en', analyzer: 'offline' },
  embedding: { model: 'm', dimensions: 2, vector: [1, 0] },
  processedAt: '2026-01-01T00:00:01.000Z',
};
const processed: FeedbackEvent = { type: 'FeedbackProcessed', data: result };
const deleted: FeedbackEvent = {
  type: 'FeedbackDeleted',
  data: { feedbackId: 'fb_1', projectId: 'p1', deletedAt: '2026-01-02T00:00:00.000Z', clusterId: null },
};
const assignment: FeedbackClustered['data'] = {
  feedbackId: 'fb_1',
  projectId: 'p1',
  clusterId: 'c1',
  similarity: 0.9,
  clusteredAt: '2026-01-01T00:00:02.000Z',
};
const clustered: FeedbackEvent = { type: 'FeedbackClustered', data: assignment };
const reembedding: FeedbackReembedded['data'] = {
  feedbackId: 'fb_1',
  projectId: 'p1',
  embedding: { model: 'm2', dimensions: 2, vector: [0, 1] },
  reembeddedAt: '2026-01-03T00:00:00.000Z',
};

describe('feedback decider (spec 3.1, 4.4)', () => {
  it('given nothing, when submitted, then FeedbackSubmitted (pending)', () => {
    spec.given([]).when({ type: 'SubmitFeedback', submission }).then([submitted]);
  });

  it('given a submitted item, when submitted again, then it is a duplicate', () => {
    spec.given([submitted]).when({ type: 'SubmitFeedback', submission }).thenThrows(FeedbackAlreadySubmitted);
  });

  it('given a pending item, when the analysis is recorded, then FeedbackProcessed', () => {
    spec.given([submitted]).when({ type: 'RecordAnalysis', result }).then([processed]);
  });

  it('given a processed item, when an analysis is recorded again (retried worker), then nothing', () => {
    spec.given([submitted, processed]).when({ type: 'RecordAnalysis', result }).thenNothing();
  });

  it('given a deleted item, when an analysis arrives, then nothing', () => {
    spec.given([submitted, deleted]).when({ type: 'RecordAnalysis', result }).thenNothing();
  });

  it('given a processed item, when its theme is recorded, then FeedbackClustered; when recorded again (retried worker), then nothing', () => {
    spec.given([submitted, processed]).when({ type: 'RecordCluster', assignment }).then([clustered]);
    spec.given([submitted, processed, clustered]).when({ type: 'RecordCluster', assignment }).thenNothing();
  });

  it('given a clustered item, when re-embedded with another model, then FeedbackReembedded; with the same model, then nothing', () => {
    spec
      .given([submitted, processed, clustered])
      .when({ type: 'RecordReembedding', reembedding })
      .then([{ type: 'FeedbackReembedded', data: reembedding }]);
    spec
      .given([submitted, processed])
      .when({ type: 'RecordReembedding', reembedding: { ...reembedding, embedding: result.embedding } })
      .thenNothing();
  });

  it('given an item, when deleted by its project, then FeedbackDeleted', () => {
    spec
      .given([submitted, processed])
      .when({ type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: '2026-01-02T00:00:00.000Z' })
      .then([deleted]);
  });

  it('given an item in a theme, when deleted, then FeedbackDeleted names the theme (the deletion process relabels it)', () => {
    spec
      .given([submitted, processed, clustered])
      .when({ type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: '2026-01-02T00:00:00.000Z' })
      .then([{ type: 'FeedbackDeleted', data: { feedbackId: 'fb_1', projectId: 'p1', deletedAt: '2026-01-02T00:00:00.000Z', clusterId: 'c1' } }]);
  });

  it('given an item, when another project deletes it, then it is not found', () => {
    spec.given([submitted]).when({ type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p2', deletedAt: 'x' }).thenThrows(NotFound);
  });

  it('given a deleted item or nothing, when deleted, then it is not found', () => {
    spec.given([submitted, deleted]).when({ type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: 'x' }).thenThrows(NotFound);
    spec.given([]).when({ type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: 'x' }).thenThrows(NotFound);
  });

  it('derives one item id per project and idempotency key', () => {
    const a = feedbackIdForIdempotencyKey('p1', 'key-1');
    expect(a).to.match(/^fb_[0-9a-z]{20}$/);
    expect(feedbackIdForIdempotencyKey('p1', 'key-1')).to.equal(a);
    expect(feedbackIdForIdempotencyKey('p2', 'key-1')).to.not.equal(a);
    expect(feedbackIdForIdempotencyKey('p1', 'key-2')).to.not.equal(a);
  });
});
