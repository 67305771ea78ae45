import type { UserErasureCommand, UserErasureState } from '../../domain/user-erasure/decider.js';
import { USER_ERASURE_STEPS, type UserErasureStep } from '../../domain/user-erasure/events.js';

/** What wakes an erasure: its request (claimed from `pending_user_erasures`), and the time of this turn. */
export interface UserErasureWake {
  requestId: string;
  at: string;
}

/** Whom the erasure is for, as its request recorded. */
export interface UserErasureSubject {
  requestId: string;
  projectId: string;
  userId: string;
}

type RecordStep = Extract<UserErasureCommand, { type: 'RecordUserErasureStep' }>;
type Complete = Extract<UserErasureCommand, { type: 'CompleteUserErasure' }>;

/** What the executor does, in order. Every action may run twice (a crash before its step was recorded). */
export type UserErasureAction =
  /** Delete the user's items, in rounds, and finish each deletion. */
  | { type: 'EraseFeedback'; subject: UserErasureSubject }
  /** `UserErased` in the user's stream (the read models drop the profile), then that stream leaves the log. */
  | { type: 'EraseProfile'; subject: UserErasureSubject }
  /** Take the user's id out of webhook payloads and Slack alerts still in the outbox. */
  | { type: 'ScrubDeliveries'; subject: UserErasureSubject }
  /** Record a step done in the request's stream. */
  | { type: 'RecordStep'; command: RecordStep }
  /** Record the outcome (ids and times only, in its own stream) and wait until the read models have applied it. */
  | { type: 'Complete'; command: Complete }
  /** Erase the request's stream: it names the user. */
  | { type: 'EraseRequest'; requestId: string };

const STEP_ACTIONS: Record<UserErasureStep, (subject: UserErasureSubject) => UserErasureAction> = {
  'erase-feedback': (subject) => ({ type: 'EraseFeedback', subject }),
  'erase-profile': (subject) => ({ type: 'EraseProfile', subject }),
  'scrub-deliveries': (subject) => ({ type: 'ScrubDeliveries', subject }),
};

/**
 * The user erasure workflow (spec 4.7), one turn: given the request's record, the first step not yet
 * done and its record, or, every step done, the outcome and the request's erasure. A request already
 * erased (completed before) reads as empty: nothing.
 */
export function decideUserErasure(wake: UserErasureWake, state: UserErasureState): UserErasureAction[] {
  const { request } = state;
  if (!request || state.completed) return [];
  const { requestId, at } = wake;
  const next = USER_ERASURE_STEPS.find((step) => !state.done.includes(step));
  if (!next) {
    const command: Complete = { type: 'CompleteUserErasure', requestId, projectId: request.projectId, requestedAt: request.requestedAt, at };
    return [
      { type: 'Complete', command },
      { type: 'EraseRequest', requestId },
    ];
  }
  const subject = { requestId, projectId: request.projectId, userId: request.userId };
  return [STEP_ACTIONS[next](subject), { type: 'RecordStep', command: { type: 'RecordUserErasureStep', requestId, step: next, at } }];
}
