import type { Decider } from '../decider.js';
import type { UserErasureEvent, UserErasureStep } from './events.js';

export interface UserErasureState {
  request?: { projectId: string; userId: string; requestedAt: string };
  done: UserErasureStep[];
  completed: boolean;
}

export type UserErasureCommand =
  | { type: 'RequestUserErasure'; requestId: string; projectId: string; userId: string; at: string }
  | { type: 'RecordUserErasureStep'; requestId: string; step: UserErasureStep; at: string }
  | { type: 'CompleteUserErasure'; requestId: string; projectId: string; requestedAt: string; at: string };

/**
 * One decider for both streams of an erasure (the request with its steps, and the outcome). Every
 * command is idempotent: a resumed run racing the first records nothing new.
 */
export const userErasureDecider: Decider<UserErasureState, UserErasureCommand, UserErasureEvent> = {
  initialState: () => ({ done: [], completed: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'UserErasureRequested':
        return { ...state, request: { projectId: event.data.projectId, userId: event.data.userId, requestedAt: event.data.requestedAt } };
      case 'UserErasureStepCompleted':
        return { ...state, done: [...state.done, event.data.step] };
      case 'UserErasureCompleted':
        return { ...state, completed: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestUserErasure':
        if (state.request) return [];
        return [
          {
            type: 'UserErasureRequested',
            data: { requestId: command.requestId, projectId: command.projectId, userId: command.userId, requestedAt: command.at },
          },
        ];
      case 'RecordUserErasureStep':
        if (state.completed || state.done.includes(command.step)) return [];
        return [{ type: 'UserErasureStepCompleted', data: { requestId: command.requestId, step: command.step, at: command.at } }];
      case 'CompleteUserErasure':
        if (state.completed) return [];
        return [
          {
            type: 'UserErasureCompleted',
            data: { requestId: command.requestId, projectId: command.projectId, requestedAt: command.requestedAt, completedAt: command.at },
          },
        ];
    }
  },
};
