import { NEGATIVE_COMPLAINT, processed, submitted } from '../../support/feedback-events.js';
import { feedbackListProjection } from '../../../projections/feedback-list/projection.js';
import { ProjectionSpecification } from '../../support/projection-spec.js';

const ROWS = `SELECT feedback_id, status, type, confidence FROM feedback_items ORDER BY feedback_id`;

describe('feedback-list projection: analysis confidence', () => {
  let spec: ProjectionSpecification;
  before(async () => (spec = await ProjectionSpecification.for(feedbackListProjection)));
  after(() => spec.close());

  it('given an analysis with a confidence and an older one without, then the value and null (old events still replay)', async () => {
    await spec.given([submitted('f1'), processed('f1', { ...NEGATIVE_COMPLAINT, confidence: 0.42 }), submitted('f2'), processed('f2')]).thenRows(ROWS, [
      { feedback_id: 'f1', status: 'pending', type: 'complaint', confidence: 0.42 },
      { feedback_id: 'f2', status: 'pending', type: 'complaint', confidence: null },
    ]);
  });
});
