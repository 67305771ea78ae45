import { feedbackDeletionDecider } from '../../../src/domain/feedback-deletion/decider.js';
import type { FeedbackDeletionEvent } from '../../../src/domain/feedback-deletion/events.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const AT = '2026-03-01T12:00:00.000Z';
const stepDone = (step: 'erase-item' | 'relabel-theme'): FeedbackDeletionEvent => ({
  type: 'FeedbackDeletionStepCompleted',
  data: { feedbackId: 'f1', step, at: AT },
});
const completed: FeedbackDeletionEvent = { type: 'FeedbackDeletionCompleted', data: { feedbackId: 'f1', projectId: 'p1', at: AT } };

describe('feedback deletion process', () => {
  const spec = DeciderSpecification.for(feedbackDeletionDecider);

  describe('recording', () => {
    it('given nothing, when a step is recorded, then it is completed', () =>
      spec
        .given([])
        .when({ type: 'RecordStep', feedbackId: 'f1', step: 'erase-item', at: AT })
        .then([stepDone('erase-item')]));

    it('given the step recorded, when a resumed run records it again, then nothing', () =>
      spec
        .given([stepDone('erase-item')])
        .when({ type: 'RecordStep', feedbackId: 'f1', step: 'erase-item', at: AT })
        .thenNothing());

    it('given the steps, when completed, then the process is completed', () =>
      spec
        .given([stepDone('erase-item')])
        .when({ type: 'Complete', feedbackId: 'f1', projectId: 'p1', at: AT })
        .then([completed]));

    it('given a completed process, when anything is recorded, then nothing', () =>
      spec.given([completed]).when({ type: 'RecordStep', feedbackId: 'f1', step: 'relabel-theme', at: AT }).thenNothing());
  });
});
