import type { FeedbackEvent } from '../../../src/domain/feedback/events.js';
import { clustered, NEGATIVE_COMPLAINT, processed, submitted } from '../../support/feedback-events.js';
import { feedbackListProjection } from '../../../projections/feedback-list/projection.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const SUBMITTED_AT = '2026-01-01T00:00:00.000Z';
const ANALYSED_AT = '2026-01-01T00:00:01.000Z';
const CLUSTERED_AT = '2026-01-01T00:00:02.000Z';
const RECLUSTERED_AT = '2026-01-02T00:00:00.000Z';

const submittedItem = submitted('f1', 'Export is slow', SUBMITTED_AT);
const analysed = processed('f1', NEGATIVE_COMPLAINT, ANALYSED_AT);
const clusteredInto = (clusterId: string, at: string) => clustered('f1', clusterId, at);
const reembedded: FeedbackEvent = {
  type: 'FeedbackReembedded',
  data: { feedbackId: 'f1', projectId: 'p1', embedding: { model: 'n', dimensions: 2, vector: [0, 1] }, reembeddedAt: RECLUSTERED_AT },
};

const ROW = `SELECT status, cluster_id, sentiment, processed_at FROM feedback_items`;

/** Processed means complete: an item reads `processed` once it is analysed and has joined its theme. */
describe('feedback-list projection: processed means analysed and in a theme', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(feedbackListProjection)));
  after(() => spec.close());

  it('given a submission and its analysis, then the item is still pending, its analysis recorded', async () => {
    await spec.given([submittedItem, analysed]).thenRows(ROW, [{ status: 'pending', cluster_id: null, sentiment: 'negative', processed_at: null }]);
  });

  it('given its theme too, then it is processed, at the time it joined the theme', async () => {
    await spec
      .given([submittedItem, analysed, clusteredInto('c1', CLUSTERED_AT)])
      .thenRows(ROW, [{ status: 'processed', cluster_id: 'c1', sentiment: 'negative', processed_at: new Date(CLUSTERED_AT) }]);
  });

  it('given a re-embedding and a new theme, then it stays processed since its first theme', async () => {
    await spec
      .given([submittedItem, analysed, clusteredInto('c1', CLUSTERED_AT), reembedded, clusteredInto('c2', RECLUSTERED_AT)])
      .thenRows(ROW, [{ status: 'processed', cluster_id: 'c2', sentiment: 'negative', processed_at: new Date(CLUSTERED_AT) }]);
  });
});
