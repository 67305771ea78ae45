import { expect } from 'chai';
import { userErasureDecider } from '../../../src/domain/user-erasure/decider.js';
import type { UserErasureEvent, UserErasureStep } from '../../../src/domain/user-erasure/events.js';
import { decideUserErasure, type UserErasureAction } from '../../../src/processes/user-erasure/workflow.js';
import { WorkflowSpecification } from '../../support/workflow-spec.js';

const T1 = '2026-03-01T12:00:00.000Z';
const AT = '2026-03-01T12:05:00.000Z';
const spec = WorkflowSpecification.for(decideUserErasure);
/** The request's record as its stream holds it. */
const given = (...events: UserErasureEvent[]) => spec.given(events.reduce(userErasureDecider.evolve, userErasureDecider.initialState()));
const woken = { requestId: 'del_1', at: AT };
const requested: UserErasureEvent = { type: 'UserErasureRequested', data: { requestId: 'del_1', projectId: 'p1', userId: 'u1', requestedAt: T1 } };
const stepDone = (step: UserErasureStep): UserErasureEvent => ({ type: 'UserErasureStepCompleted', data: { requestId: 'del_1', step, at: AT } });
const allSteps = [requested, stepDone('erase-feedback'), stepDone('erase-profile'), stepDone('scrub-deliveries')];
const completed: UserErasureEvent = { type: 'UserErasureCompleted', data: { requestId: 'del_1', projectId: 'p1', requestedAt: T1, completedAt: AT } };
const subject = { requestId: 'del_1', projectId: 'p1', userId: 'u1' };
const record = (step: UserErasureStep): UserErasureAction => ({
  type: 'RecordStep',
  command: { type: 'RecordUserErasureStep', requestId: 'del_1', step, at: AT },
});
const complete: UserErasureAction[] = [
  { type: 'Complete', command: { type: 'CompleteUserErasure', requestId: 'del_1', projectId: 'p1', requestedAt: T1, at: AT } },
  { type: 'EraseRequest', requestId: 'del_1' },
];

describe('the user erasure workflow (given the request and its steps, when woken, then what it does next)', () => {
  describe('the happy path', () => {
    it('given the request, when woken, then it erases the user’s feedback and records that step', () =>
      given(requested)
        .when(woken)
        .then([{ type: 'EraseFeedback', subject }, record('erase-feedback')]));

    it('given the feedback erased, when woken, then it erases the profile', () =>
      given(requested, stepDone('erase-feedback'))
        .when(woken)
        .then([{ type: 'EraseProfile', subject }, record('erase-profile')]));

    it('given the profile erased, when woken, then it scrubs the outbox', () =>
      given(requested, stepDone('erase-feedback'), stepDone('erase-profile'))
        .when(woken)
        .then([{ type: 'ScrubDeliveries', subject }, record('scrub-deliveries')]));

    it('given every step done, when woken, then it records the outcome and erases the request (it names the user)', () =>
      given(...allSteps)
        .when(woken)
        .thenMatches((actions) => {
          expect(actions).to.deep.equal(complete);
          expect(JSON.stringify(actions[0]), 'the outcome stays in the log: ids and times only').not.to.include('u1');
        }));
  });

  describe('the idempotent repeat', () => {
    it('given a completed erasure, when woken again, then nothing', () =>
      given(...allSteps, completed)
        .when(woken)
        .then([]));

    it('given a request already erased (it reads as empty), when woken, then nothing', () => given().when(woken).then([]));

    it('given the feedback erased, when woken again, then the feedback step is not run a second time', () =>
      given(requested, stepDone('erase-feedback'))
        .when(woken)
        .thenMatches((actions) => expect(actions.map((action) => action.type)).to.not.include('EraseFeedback')));
  });

  describe('a crash, then the resume', () => {
    it('given a crash in the middle of the feedback step (nothing recorded), when resumed, then the step runs again (its rounds find what is left)', () =>
      given(requested)
        .when(woken)
        .thenMatches((actions) => expect(actions[0]).to.deep.equal({ type: 'EraseFeedback', subject })));

    it('given a crash after the outcome was recorded but before the request was erased, when resumed, then the outcome again (it records nothing new) and the erasure', () =>
      // The outcome lives in its own stream: the request's record does not show it.
      given(...allSteps)
        .when(woken)
        .then(complete));
  });
});
