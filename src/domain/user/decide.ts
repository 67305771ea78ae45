import { Conflict } from '../errors.js';
import type { KeyType } from '../project/events.js';
import type { UserEvent } from './events.js';
import { sortTraits, type TraitInput } from './sort-traits.js';
import { evolveUser, traitsObject, type UserState } from './state.js';
import { checkTraitLimits } from './trait-limits.js';

export interface IdentifyUser {
  type: 'IdentifyUser';
  projectId: string;
  userId: string;
  traits: Record<string, TraitInput>;
  keyType: KeyType;
  customerValueTrait: string | null;
  at: string;
}

export type UserCommand = IdentifyUser;

/**
 * Every identify call is recorded, even one that changes no trait: it is a sighting of the user
 * (`lastSeenAt`). A refused call (limits, customer value) records nothing.
 */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (state.userId !== undefined && state.userId !== command.userId) {
    throw new Conflict('Two user ids share one user stream (a hash collision); nothing was written.');
  }
  const sorted = sortTraits(command, state);
  const event: UserEvent = {
    type: 'UserIdentified',
    data: { projectId: command.projectId, userId: command.userId, ...sorted, byKeyType: command.keyType, at: command.at },
  };
  checkTraitLimits(traitsObject(evolveUser(state, event).traits));
  return [event];
}
