import { expect } from 'chai';
import { FeedbackAlreadySubmitted } from '../../../src/domain/feedback/decide.js';
import { feedbackDecider } from '../../../src/domain/feedback/decider.js';
import type { FeedbackEvent, FeedbackProcessed, FeedbackSubmitted } from '../../../src/domain/feedback/events.js';
import { feedbackIdForIdempotencyKey } from '../../../src/domain/feedback/idempotency.js';
import { AppError } from '../../../src/errors.js';
import { givenWhenThen } from '../../support/given-when-then.js';

const decide = givenWhenThen(feedbackDecider);
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
const deleted: FeedbackEvent = { type: 'FeedbackDeleted', data: { feedbackId: 'fb_1', projectId: 'p1', deletedAt: '2026-01-02T00:00:00.000Z' } };

describe('feedback decider (spec 3.1, 4.4)', () => {
  it('given nothing, when submitted, then FeedbackSubmitted (pending)', () => {
    expect(decide([], { type: 'SubmitFeedback', submission })).to.deep.equal([submitted]);
  });

  it('given a submitted item, when submitted again, then it is a duplicate', () => {
    expect(() => decide([submitted], { type: 'SubmitFeedback', submission })).to.throw(FeedbackAlreadySubmitted);
  });

  it('given a pending item, when the analysis is recorded, then FeedbackProcessed', () => {
    expect(decide([submitted], { type: 'RecordAnalysis', result })).to.deep.equal([processed]);
  });

  it('given a processed item, when an analysis is recorded again (retried worker), then nothing', () => {
    expect(decide([submitted, processed], { type: 'RecordAnalysis', result })).to.deep.equal([]);
  });

  it('given a deleted item, when an analysis arrives, then nothing', () => {
    expect(decide([submitted, deleted], { type: 'RecordAnalysis', result })).to.deep.equal([]);
  });

  it('given an item, when deleted by its project, then FeedbackDeleted', () => {
    expect(decide([submitted, processed], { type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: '2026-01-02T00:00:00.000Z' })).to.deep.equal([deleted]);
  });

  it('given an item, when another project deletes it, then 404', () => {
    expect(() => decide([submitted], { type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p2', deletedAt: 'x' })).to.throw(AppError).with.property('status', 404);
  });

  it('given a deleted item or nothing, when deleted, then 404', () => {
    expect(() => decide([submitted, deleted], { type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: 'x' })).to.throw(AppError);
    expect(() => decide([], { type: 'DeleteFeedback', feedbackId: 'fb_1', projectId: 'p1', deletedAt: 'x' })).to.throw(AppError);
  });

  it('derives one item id per project and idempotency key', () => {
    const a = feedbackIdForIdempotencyKey('p1', 'key-1');
    expect(a).to.match(/^fb_[0-9a-z]{20}$/);
    expect(feedbackIdForIdempotencyKey('p1', 'key-1')).to.equal(a);
    expect(feedbackIdForIdempotencyKey('p2', 'key-1')).to.not.equal(a);
    expect(feedbackIdForIdempotencyKey('p1', 'key-2')).to.not.equal(a);
  });
});
