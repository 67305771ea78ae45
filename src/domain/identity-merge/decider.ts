import type { Decider } from '../decider.js';
import { Conflict } from '../errors.js';
import type { IdentityMergeEvent, IdentityMergeStep } from './events.js';

export interface IdentityMergeState {
  decision: 'open' | 'confirmed' | 'rejected' | 'dismissed';
  done: IdentityMergeStep[];
  completed: boolean;
}

export type IdentityMergeCommand =
  | { type: 'ConfirmSuggestion'; suggestionId: string; projectId: string; at: string }
  | { type: 'RejectSuggestion'; suggestionId: string; projectId: string; at: string }
  | { type: 'DismissSuggestion'; suggestionId: string; projectId: string; at: string }
  | { type: 'RecordMergeStep'; suggestionId: string; step: IdentityMergeStep; at: string }
  | { type: 'CompleteMerge'; suggestionId: string; projectId: string; merged: boolean; at: string };

const dismissedConflict = (suggestionId: string, as: 'confirmed' | 'rejected') =>
  new Conflict(`Suggestion ${suggestionId} was dismissed when identity linking was turned off; it cannot be ${as}.`);

/**
 * A suggestion is decided once: confirming or rejecting it again is a no-op (a retried command),
 * turning one decision into the other is refused. Turning linking off dismisses an open one, which
 * then can be neither confirmed nor rejected; a decided one stays as decided. The process's
 * records are idempotent too.
 */
export const identityMergeDecider: Decider<IdentityMergeState, IdentityMergeCommand, IdentityMergeEvent> = {
  initialState: () => ({ decision: 'open', done: [], completed: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'MergeSuggestionConfirmed':
        return { ...state, decision: 'confirmed' };
      case 'MergeSuggestionRejected':
        return { ...state, decision: 'rejected' };
      case 'MergeSuggestionDismissed':
        return { ...state, decision: 'dismissed' };
      case 'IdentityMergeStepCompleted':
        return { ...state, done: [...state.done, event.data.step] };
      case 'IdentityMergeCompleted':
        return { ...state, completed: true };
    }
  },
  decide(command, state) {
    const { suggestionId } = command;
    switch (command.type) {
      case 'ConfirmSuggestion':
        if (state.decision === 'dismissed') throw dismissedConflict(suggestionId, 'confirmed');
        if (state.decision === 'rejected') throw new Conflict(`Suggestion ${suggestionId} was rejected; it cannot be confirmed.`);
        if (state.decision === 'confirmed') return [];
        return [{ type: 'MergeSuggestionConfirmed', data: { suggestionId, projectId: command.projectId, at: command.at } }];
      case 'RejectSuggestion':
        if (state.decision === 'dismissed') throw dismissedConflict(suggestionId, 'rejected');
        if (state.decision === 'confirmed') throw new Conflict(`Suggestion ${suggestionId} was confirmed; it cannot be rejected.`);
        if (state.decision === 'rejected') return [];
        return [{ type: 'MergeSuggestionRejected', data: { suggestionId, projectId: command.projectId, at: command.at } }];
      case 'DismissSuggestion':
        if (state.decision !== 'open') return [];
        return [{ type: 'MergeSuggestionDismissed', data: { suggestionId, projectId: command.projectId, reason: 'linking-off', at: command.at } }];
      case 'RecordMergeStep':
        if (state.decision !== 'confirmed') throw new Conflict(`Suggestion ${suggestionId} is not confirmed; nothing is merged.`);
        if (state.completed || state.done.includes(command.step)) return [];
        return [{ type: 'IdentityMergeStepCompleted', data: { suggestionId, step: command.step, at: command.at } }];
      case 'CompleteMerge':
        if (state.decision !== 'confirmed') throw new Conflict(`Suggestion ${suggestionId} is not confirmed; nothing is merged.`);
        if (state.completed) return [];
        return [{ type: 'IdentityMergeCompleted', data: { suggestionId, projectId: command.projectId, merged: command.merged, at: command.at } }];
    }
  },
};
