import { expect } from 'chai';
import { userDecider } from '../../../src/domain/user/decider.js';
import { userErasureDecider } from '../../../src/domain/user-erasure/decider.js';
import type { UserErasureEvent, UserErasureStep } from '../../../src/domain/user-erasure/events.js';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { identified, identify, T1, T2 } from './user-fixtures.js';

const requested: UserErasureEvent = { type: 'UserErasureRequested', data: { requestId: 'del_1', projectId: 'p1', userId: 'u1', requestedAt: T1 } };
const stepDone = (step: UserErasureStep): UserErasureEvent => ({ type: 'UserErasureStepCompleted', data: { requestId: 'del_1', step, at: T2 } });
const completed: UserErasureEvent = { type: 'UserErasureCompleted', data: { requestId: 'del_1', projectId: 'p1', requestedAt: T1, completedAt: T2 } };

describe('user erasure process (spec 4.7)', () => {
  const spec = DeciderSpecification.for(userErasureDecider);

  describe('the request', () => {
    it('given nothing, when requested, then the request names the user and its time', () =>
      spec.given([]).when({ type: 'RequestUserErasure', requestId: 'del_1', projectId: 'p1', userId: 'u1', at: T1 }).then([requested]));

    it('given the request, when requested again (a retried append), then nothing', () =>
      spec.given([requested]).when({ type: 'RequestUserErasure', requestId: 'del_1', projectId: 'p1', userId: 'u1', at: T2 }).thenNothing());
  });

  describe('recording', () => {
    it('given the request, when a step is recorded, then it is completed', () =>
      spec
        .given([requested])
        .when({ type: 'RecordUserErasureStep', requestId: 'del_1', step: 'erase-feedback', at: T2 })
        .then([stepDone('erase-feedback')]));

    it('given the step recorded, when a resumed run records it again, then nothing', () =>
      spec
        .given([requested, stepDone('erase-feedback')])
        .when({ type: 'RecordUserErasureStep', requestId: 'del_1', step: 'erase-feedback', at: T2 })
        .thenNothing());

    it('given nothing (the outcome stream), when completed, then the outcome carries ids and times only', () => {
      spec.given([]).when({ type: 'CompleteUserErasure', requestId: 'del_1', projectId: 'p1', requestedAt: T1, at: T2 }).then([completed]);
      expect(JSON.stringify(completed)).not.to.include('u1');
    });

    it('given a completed outcome, when completed again, then nothing', () =>
      spec.given([completed]).when({ type: 'CompleteUserErasure', requestId: 'del_1', projectId: 'p1', requestedAt: T1, at: T2 }).thenNothing());
  });
});

describe('user decider: erase (spec 4.7)', () => {
  const spec = DeciderSpecification.for(userDecider);
  const erase = { type: 'EraseUser' as const, projectId: 'p1', userId: 'u1', requestId: 'del_1', at: T2 };
  const erased = { type: 'UserErased' as const, data: { projectId: 'p1', userId: 'u1', requestId: 'del_1', at: T2 } };

  it('given an identified user, when erased, then UserErased', () =>
    spec
      .given([identified({ traitsSet: { plan: 'pro' } })])
      .when(erase)
      .then([erased]));

  it('given a user seen only in feedback (no stream yet), when erased, then UserErased', () => spec.given([]).when(erase).then([erased]));

  it('an erased user holds no traits and no value marks', () => {
    const state = [identified({ traitsSet: { plan: 'pro' }, numbersSet: { mrr: '10' } }), erased].reduce(userDecider.evolve, userDecider.initialState());
    expect([...state.traits.keys(), ...state.valueMarks.keys()]).to.deep.equal([]);
  });

  it('given an erased user, when identified again in the same stream, then the traits start afresh', () =>
    spec
      .given([identified({ traitsSet: { plan: 'pro' } }), erased])
      .when(identify({ seats: 'two' }))
      .then([identified({ traitsSet: { seats: 'two' } })]));
});
