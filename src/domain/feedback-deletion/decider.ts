import type { Decider } from '../decider.js';
import { FEEDBACK_DELETION_STEPS, type FeedbackDeletionEvent, type FeedbackDeletionStep } from './events.js';

export interface FeedbackDeletionState {
  done: FeedbackDeletionStep[];
  completed: boolean;
}

export type FeedbackDeletionCommand =
  { type: 'RecordStep'; feedbackId: string; step: FeedbackDeletionStep; at: string } | { type: 'Complete'; feedbackId: string; projectId: string; at: string };

/** What the deletion does next: a step not yet done (the theme step only if it had a theme), or completing it. */
export function nextDeletionStep(state: FeedbackDeletionState, hadTheme: boolean): FeedbackDeletionStep | 'complete' | 'nothing' {
  if (state.completed) return 'nothing';
  const pending = FEEDBACK_DELETION_STEPS.filter((step) => !state.done.includes(step) && (step !== 'relabel-theme' || hadTheme));
  return pending[0] ?? 'complete';
}

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
