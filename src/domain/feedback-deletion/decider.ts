import type { Decider } from '../decider.js';
import type { FeedbackDeletionEvent, FeedbackDeletionStep } from './events.js';

export interface FeedbackDeletionState {
  done: FeedbackDeletionStep[];
  completed: boolean;
}

export type FeedbackDeletionCommand =
  { type: 'RecordStep'; feedbackId: string; step: FeedbackDeletionStep; at: string } | { type: 'Complete'; feedbackId: string; projectId: string; at: string };

export const feedbackDeletionDecider: Decider<FeedbackDeletionState, FeedbackDeletionCommand, FeedbackDeletionEvent> = {
  initialState: () => ({ done: [], completed: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'FeedbackDeletionStepCompleted':
        return { ...state, done: [...state.done, event.data.step] };
      case 'FeedbackDeletionCompleted':
        return { ...state, completed: true };
    }
  },
  // A step recorded twice (a resumed run racing the first) records nothing new.
  decide(command, state) {
    if (state.completed) return [];
    if (command.type === 'RecordStep') {
      if (state.done.includes(command.step)) return [];
      return [{ type: 'FeedbackDeletionStepCompleted', data: { feedbackId: command.feedbackId, step: command.step, at: command.at } }];
    }
    return [{ type: 'FeedbackDeletionCompleted', data: { feedbackId: command.feedbackId, projectId: command.projectId, at: command.at } }];
  },
};
