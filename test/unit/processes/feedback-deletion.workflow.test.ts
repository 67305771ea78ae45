import { expect } from 'chai';
import { feedbackDeletionDecider } from '../../../src/domain/feedback-deletion/decider.js';
import type { FeedbackDeletionEvent, FeedbackDeletionStep } from '../../../src/domain/feedback-deletion/events.js';
import { decideFeedbackDeletion, type FeedbackDeletionAction, type FeedbackDeletionWake } from '../../../src/processes/feedback-deletion/workflow.js';
import { WorkflowSpecification } from '../../support/workflow-spec.js';

const AT = '2026-03-01T12:00:00.000Z';
const spec = WorkflowSpecification.for(decideFeedbackDeletion);
/** The deletion's record as its stream holds it. */
const given = (...events: FeedbackDeletionEvent[]) => spec.given(events.reduce(feedbackDeletionDecider.evolve, feedbackDeletionDecider.initialState()));
const stepDone = (step: FeedbackDeletionStep): FeedbackDeletionEvent => ({ type: 'FeedbackDeletionStepCompleted', data: { feedbackId: 'f1', step, at: AT } });
const completed: FeedbackDeletionEvent = { type: 'FeedbackDeletionCompleted', data: { feedbackId: 'f1', projectId: 'p1', at: AT } };
const inTheme: FeedbackDeletionWake = { feedbackId: 'f1', projectId: 'p1', clusterId: 't1', at: AT };
const withoutTheme: FeedbackDeletionWake = { ...inTheme, clusterId: null };
const record = (step: FeedbackDeletionStep) => ({ type: 'RecordStep' as const, command: { type: 'RecordStep' as const, feedbackId: 'f1', step, at: AT } });
const complete: FeedbackDeletionAction[] = [
  { type: 'Complete', command: { type: 'Complete', feedbackId: 'f1', projectId: 'p1', at: AT } },
  { type: 'EraseRecord', feedbackId: 'f1' },
];

describe('the feedback deletion workflow (given its record, when woken, then what it does next)', () => {
  describe('the happy path', () => {
    it('given nothing done, when woken, then it erases the item and records that step', () =>
      given()
        .when(inTheme)
        .then([{ type: 'EraseItem', feedbackId: 'f1' }, record('erase-item')]));

    it('given the item erased, when woken, then it relabels the theme the item had joined and records that step', () =>
      given(stepDone('erase-item'))
        .when(inTheme)
        .then([{ type: 'RelabelTheme', projectId: 'p1', clusterId: 't1' }, record('relabel-theme')]));

    it('given every step done, when woken, then it completes and erases its own record (it names the item)', () =>
      given(stepDone('erase-item'), stepDone('relabel-theme')).when(inTheme).then(complete));

    it('given the item erased, when the item had no theme, then there is no theme step: it completes', () =>
      given(stepDone('erase-item')).when(withoutTheme).then(complete));
  });

  describe('the idempotent repeat', () => {
    it('given a completed deletion, when woken again, then nothing', () =>
      given(stepDone('erase-item'), stepDone('relabel-theme'), completed).when(inTheme).then([]));

    it('given the item erased, when woken again, then the item is not erased a second time', () =>
      given(stepDone('erase-item'))
        .when(inTheme)
        .thenMatches((actions) => expect(actions.map((action) => action.type)).to.not.include('EraseItem')));

    it('given a step recorded twice (a resumed run raced the first), when woken, then the next step, once', () =>
      given(stepDone('erase-item'), stepDone('erase-item'))
        .when(inTheme)
        .then([{ type: 'RelabelTheme', projectId: 'p1', clusterId: 't1' }, record('relabel-theme')]));
  });

  describe('a crash, then the resume', () => {
    it('given a crash after the item was erased but before the step was recorded, when resumed, then the erasure runs again (it allows it)', () =>
      given()
        .when(inTheme)
        .then([{ type: 'EraseItem', feedbackId: 'f1' }, record('erase-item')]));

    it('given a crash between the steps, when resumed, then it goes on from the step it reached', () =>
      given(stepDone('erase-item'))
        .when(inTheme)
        .thenMatches((actions) => expect(actions[0]).to.deep.equal({ type: 'RelabelTheme', projectId: 'p1', clusterId: 't1' })));

    it('given a crash after the completion was recorded but before the record was erased, when resumed, then nothing (the erasure worker erases it)', () =>
      given(stepDone('erase-item'), stepDone('relabel-theme'), completed).when(inTheme).then([]));
  });
});
