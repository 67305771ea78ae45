import { expect } from 'chai';
import { identityMergeDecider } from '../../../src/domain/identity-merge/decider.js';
import type { IdentityMergeEvent } from '../../../src/domain/identity-merge/events.js';
import { decideIdentityMerge, type IdentityMergeAction, type IdentityMergeProcessState } from '../../../src/processes/identity-merge/workflow.js';
import { WorkflowSpecification } from '../../support/workflow-spec.js';

const ID = 'sug_AAAAAAAAAAAAAAAAAAAAAA';
const T1 = '2026-03-01T12:00:00.000Z';
const AT = '2026-03-01T12:05:00.000Z';
const CONFIRMED_AT = { commit: 42n, prepare: 42n };
const spec = WorkflowSpecification.for(decideIdentityMerge);
/** The suggestion's record as its stream holds it (the confirmation found at CONFIRMED_AT). */
const given = (...events: IdentityMergeEvent[]) => {
  const state: IdentityMergeProcessState = { merge: events.reduce(identityMergeDecider.evolve, identityMergeDecider.initialState()) };
  if (events.some((event) => event.type === 'MergeSuggestionConfirmed')) state.confirmation = { projectId: 'p1', position: CONFIRMED_AT };
  return spec.given(state);
};
const woken = { suggestionId: ID, at: AT };
const confirmed: IdentityMergeEvent = { type: 'MergeSuggestionConfirmed', data: { suggestionId: ID, projectId: 'p1', at: T1 } };
const rejected: IdentityMergeEvent = { type: 'MergeSuggestionRejected', data: { suggestionId: ID, projectId: 'p1', at: T1 } };
const dismissed: IdentityMergeEvent = { type: 'MergeSuggestionDismissed', data: { suggestionId: ID, projectId: 'p1', reason: 'linking-off', at: T1 } };
const stepDone: IdentityMergeEvent = { type: 'IdentityMergeStepCompleted', data: { suggestionId: ID, step: 'merge-profile', at: AT } };
const completed: IdentityMergeEvent = { type: 'IdentityMergeCompleted', data: { suggestionId: ID, projectId: 'p1', merged: true, at: AT } };
const mergeProfile: IdentityMergeAction[] = [
  { type: 'MergeProfile', suggestionId: ID, confirmedAt: CONFIRMED_AT },
  { type: 'RecordStep', command: { type: 'RecordMergeStep', suggestionId: ID, step: 'merge-profile', at: AT } },
];

describe('the identity merge workflow (given the suggestion’s record, when woken, then what it does next)', () => {
  describe('the happy path', () => {
    it('given a confirmed suggestion, when woken, then it merges the profile (after the confirmation reached the read models) and records that step', () =>
      given(confirmed).when(woken).then(mergeProfile));

    it('given the profile merged, when woken, then it completes', () =>
      given(confirmed, stepDone)
        .when(woken)
        .then([{ type: 'Complete', suggestionId: ID, projectId: 'p1', at: AT }]));
  });

  describe('only a confirmed suggestion is merged', () => {
    it('given an open suggestion, when woken, then nothing', () => given().when(woken).then([]));
    it('given a rejected suggestion, when woken, then nothing', () => given(rejected).when(woken).then([]));
    it('given a dismissed suggestion (linking turned off), when woken, then nothing', () => given(dismissed).when(woken).then([]));
  });

  describe('the idempotent repeat', () => {
    it('given a completed merge, when woken again (the worker after the command), then nothing', () =>
      given(confirmed, stepDone, completed).when(woken).then([]));

    it('given the profile merged, when woken again, then the profile is not merged a second time', () =>
      given(confirmed, stepDone)
        .when(woken)
        .thenMatches((actions) => expect(actions.map((action) => action.type)).to.not.include('MergeProfile')));
  });

  describe('a crash, then the resume', () => {
    it('given a crash after the merge but before its step was recorded, when resumed, then the merge runs again (the user decider ignores a repeat)', () =>
      given(confirmed).when(woken).then(mergeProfile));

    it('given a crash after the step was recorded, when resumed, then it only completes', () =>
      given(confirmed, stepDone)
        .when(woken)
        .thenMatches((actions) => expect(actions.map((action) => action.type)).to.deep.equal(['Complete'])));
  });
});
