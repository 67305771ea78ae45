import { Conflict } from '../errors.js';
import type { KeyType } from '../project/events.js';
import type { UserEvent } from './events.js';
import { sortTraits, type TraitInput } from './sort-traits.js';
import { evolveUser, traitsObject, type UserState } from './state.js';
import { checkTraitLimits } from './trait-limits.js';
import type { HealthReason } from './health.js';

export interface IdentifyUser {
  type: 'IdentifyUser';
  projectId: string;
  userId: string;
  traits: Record<string, TraitInput>;
  keyType: KeyType;
  customerValueTrait: string | null;
  at: string;
}

export interface EraseUser {
  type: 'EraseUser';
  projectId: string;
  userId: string;
  requestId: string;
  at: string;
}

/** The health worker's score for the user and its reasons (see `health.ts`); only band changes are recorded. */
export interface RecordHealth {
  type: 'RecordHealth';
  projectId: string;
  userId: string;
  score: number;
  /** Whether the score is in the at-risk band of the health model that scored it. */
  atRisk: boolean;
  reasons: HealthReason[];
  triggeredByFeedbackId: string | null;
  /** The user is known only by an email (`userId` is that email): their entry alerts Slack, not `user.health_changed`. */
  shadow?: boolean;
  at: string;
}

/** The merge process (spec 2.3): the shadow user of `email` merges into this user. */
export interface MergeShadowUser {
  type: 'MergeShadowUser';
  projectId: string;
  userId: string;
  email: string;
  suggestionId: string;
  at: string;
}

export type UserCommand = IdentifyUser | EraseUser | RecordHealth | MergeShadowUser;

/**
 * Every identify call is recorded, even one that changes no trait: it is a sighting of the user
 * (`lastSeenAt`). A refused call (limits, customer value) records nothing.
 */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (state.userId !== undefined && state.userId !== command.userId) {
    throw new Conflict('Two user ids share one user stream (a hash collision); nothing was written.');
  }
  if (command.type === 'EraseUser') {
    const { projectId, userId, requestId, at } = command;
    return [{ type: 'UserErased', data: { projectId, userId, requestId, at } }];
  }
  if (command.type === 'RecordHealth') return decideHealth(command, state);
  if (command.type === 'MergeShadowUser') return decideMerge(command, state);
  const sorted = sortTraits(command, state);
  const event: UserEvent = {
    type: 'UserIdentified',
    data: { projectId: command.projectId, userId: command.userId, ...sorted, byKeyType: command.keyType, at: command.at },
  };
  checkTraitLimits(traitsObject(evolveUser(state, event).traits));
  return [event];
}

function decideHealth(command: RecordHealth, state: UserState): UserEvent[] {
  const { projectId, userId, score, atRisk, reasons, triggeredByFeedbackId, shadow, at } = command;
  if (atRisk && !state.atRisk) {
    const data = { projectId, userId, score, band: 'at_risk' as const, triggeredByFeedbackId, reasons, at };
    return [{ type: 'UserHealthChanged', data: shadow ? { ...data, shadow: true } : data }];
  }
  if (!atRisk && state.atRisk) return [{ type: 'UserHealthRecovered', data: { projectId, userId, score, at } }];
  return [];
}

/** Only into a user who exists (a fresh incarnation after an erasure has no one to merge into), once per suggestion. */
function decideMerge(command: MergeShadowUser, state: UserState): UserEvent[] {
  const { projectId, userId, email, suggestionId, at } = command;
  if (state.userId === undefined || state.mergedSuggestions?.includes(suggestionId)) return [];
  return [{ type: 'ShadowUserMerged', data: { projectId, userId, email, suggestionId, at } }];
}
