import { expect } from 'chai';
import { identityMergeDecider } from '../../../src/domain/identity-merge/decider.js';
import { mergeSuggestionId, type IdentityMergeEvent } from '../../../src/domain/identity-merge/events.js';
import { Conflict } from '../../../src/domain/errors.js';
import { userDecider } from '../../../src/domain/user/decider.js';
import type { MergeShadowUser } from '../../../src/domain/user/decide.js';
import type { UserEvent } from '../../../src/domain/user/events.js';
import { DeciderSpecification } from '../../support/decider-spec.js';
import { identified, T1, T2, T3 } from './user-fixtures.js';

const ID = 'sug_AAAAAAAAAAAAAAAAAAAAAA';
const confirmed: IdentityMergeEvent = { type: 'MergeSuggestionConfirmed', data: { suggestionId: ID, projectId: 'p1', at: T1 } };
const rejected: IdentityMergeEvent = { type: 'MergeSuggestionRejected', data: { suggestionId: ID, projectId: 'p1', at: T1 } };
const dismissed: IdentityMergeEvent = { type: 'MergeSuggestionDismissed', data: { suggestionId: ID, projectId: 'p1', reason: 'linking-off', at: T2 } };
const stepDone: IdentityMergeEvent = { type: 'IdentityMergeStepCompleted', data: { suggestionId: ID, step: 'merge-profile', at: T2 } };
const completed: IdentityMergeEvent = { type: 'IdentityMergeCompleted', data: { suggestionId: ID, projectId: 'p1', merged: true, at: T3 } };

describe('merge suggestions: decisions and the merge process (spec 2.3)', () => {
  const spec = DeciderSpecification.for(identityMergeDecider);
  const confirm = { type: 'ConfirmSuggestion', suggestionId: ID, projectId: 'p1', at: T1 } as const;
  const reject = { type: 'RejectSuggestion', suggestionId: ID, projectId: 'p1', at: T1 } as const;

  describe('confirm', () => {
    it('given an open suggestion, when confirmed, then it is confirmed', () => spec.given([]).when(confirm).then([confirmed]));
    it('given a confirmed one, when confirmed again (a retry), then nothing', () => spec.given([confirmed]).when(confirm).thenNothing());
    it('given a rejected one, when confirmed, then a Conflict naming the suggestion', () =>
      spec
        .given([rejected])
        .when(confirm)
        .thenThrows(Conflict, (error) => error.message.includes(ID)));
  });

  describe('reject', () => {
    it('given an open suggestion, when rejected, then it is rejected', () => spec.given([]).when(reject).then([rejected]));
    it('given a rejected one, when rejected again, then nothing', () => spec.given([rejected]).when(reject).thenNothing());
    it('given a confirmed one, when rejected, then a Conflict', () => spec.given([confirmed]).when(reject).thenThrows(Conflict));
  });

  describe('dismiss (identity linking turned off)', () => {
    const dismiss = { type: 'DismissSuggestion', suggestionId: ID, projectId: 'p1', at: T2 } as const;
    it('given an open suggestion, when dismissed, then it is dismissed for linking-off', () => spec.given([]).when(dismiss).then([dismissed]));
    it('given a dismissed one, when dismissed again (the update repeated), then nothing', () => spec.given([dismissed]).when(dismiss).thenNothing());
    it('given a confirmed or rejected one, when dismissed, then nothing: a decision stays', () => {
      spec.given([confirmed]).when(dismiss).thenNothing();
      spec.given([rejected]).when(dismiss).thenNothing();
    });
    it('given a dismissed one, when confirmed or rejected, then a Conflict saying it was dismissed', () => {
      spec
        .given([dismissed])
        .when(confirm)
        .thenThrows(Conflict, (error) => error.message.includes('dismissed') && error.message.includes(ID));
      spec.given([dismissed]).when(reject).thenThrows(Conflict);
    });
  });

  describe('the process', () => {
    it('given confirmed, when the step is recorded, then it is; recorded again, then nothing', () => {
      const record = { type: 'RecordMergeStep', suggestionId: ID, step: 'merge-profile', at: T2 } as const;
      spec.given([confirmed]).when(record).then([stepDone]);
      spec.given([confirmed, stepDone]).when(record).thenNothing();
    });

    it('given no confirmation, when a step or the completion is recorded, then a Conflict (nothing merges unconfirmed)', () => {
      spec.given([]).when({ type: 'RecordMergeStep', suggestionId: ID, step: 'merge-profile', at: T2 }).thenThrows(Conflict);
      spec.given([rejected]).when({ type: 'CompleteMerge', suggestionId: ID, projectId: 'p1', merged: true, at: T3 }).thenThrows(Conflict);
    });

    it('given completed, when completed again (a resumed run), then nothing', () =>
      spec.given([confirmed, stepDone, completed]).when({ type: 'CompleteMerge', suggestionId: ID, projectId: 'p1', merged: true, at: T3 }).thenNothing());
  });

  describe('the suggestion id', () => {
    it('is the same for the same raising event and pair, different otherwise, and shows neither email nor user', () => {
      const id = mergeSuggestionId('evt-1', 'ida@example.com', 'u-ida');
      expect(id).to.equal(mergeSuggestionId('evt-1', 'ida@example.com', 'u-ida'));
      expect(id).to.match(/^sug_[A-Za-z0-9_-]{22}$/);
      expect(mergeSuggestionId('evt-2', 'ida@example.com', 'u-ida')).not.to.equal(id);
      expect(mergeSuggestionId('evt-1', 'ida@example.com', 'u-other')).not.to.equal(id);
      expect(id).not.to.match(/ida|example/);
    });
  });
});

describe('user decider: merging a shadow user (spec 2.3)', () => {
  const spec = DeciderSpecification.for(userDecider);
  const merge: MergeShadowUser = { type: 'MergeShadowUser', projectId: 'p1', userId: 'u1', email: 'ida@example.com', suggestionId: ID, at: T2 };
  const merged: UserEvent = { type: 'ShadowUserMerged', data: { projectId: 'p1', userId: 'u1', email: 'ida@example.com', suggestionId: ID, at: T2 } };

  it('given an identified user, when a shadow user merges in, then ShadowUserMerged names the email and the suggestion', () =>
    spec
      .given([identified({ traitsSet: { email: 'ida@example.com' } })])
      .when(merge)
      .then([merged]));

  it('given the merge already recorded, when merged again (a resumed process), then nothing', () =>
    spec
      .given([identified({}), merged])
      .when(merge)
      .thenNothing());

  it('given no user (a fresh stream after an erasure), when merged, then nothing: there is no one to merge into', () =>
    spec.given([]).when(merge).thenNothing());
});
