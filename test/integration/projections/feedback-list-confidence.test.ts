import type { FeedbackEvent, FeedbackProcessed, RecordedAnalysis } from '../../../src/domain/feedback/events.js';
import { feedbackListProjection } from '../../../projections/feedback-list/projection.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const T1 = '2026-01-01T00:00:00.000Z';

const submitted = (feedbackId: string): FeedbackEvent => ({
  type: 'FeedbackSubmitted',
  data: {
    feedbackId,
    projectId: 'p1',
    text: 'Export is slow',
    userId: null,
    email: null,
    source: 'api',
    metadata: {},
    createdAt: T1,
    receivedAt: T1,
    redactions: {},
  },
});
const processed = (feedbackId: string, analysis: RecordedAnalysis): FeedbackEvent => ({
  type: 'FeedbackProcessed',
  data: {
    feedbackId,
    projectId: 'p1',
    analysis,
    embedding: { model: 'm', dimensions: 2, vector: [1, 0] },
    processedAt: T1,
  } satisfies FeedbackProcessed['data'],
});
const analysis: RecordedAnalysis = { sentiment: 'negative', sentimentScore: -0.4, type: 'complaint', emotions: [], language: 'en', analyzer: 'offline' };

const ROWS = `SELECT feedback_id, status, type, confidence FROM feedback_items ORDER BY feedback_id`;

describe('feedback-list projection: analysis confidence', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(feedbackListProjection)));
  after(() => spec.close());

  it('given an analysis with a confidence and an older one without, then the value and null (old events still replay)', async () => {
    await spec.given([submitted('f1'), processed('f1', { ...analysis, confidence: 0.42 }), submitted('f2'), processed('f2', analysis)]).thenRows(ROWS, [
      { feedback_id: 'f1', status: 'pending', type: 'complaint', confidence: 0.42 },
      { feedback_id: 'f2', status: 'pending', type: 'complaint', confidence: null },
    ]);
  });
});
