import type { Decider } from '../decider.js';
import { decideUser, type UserCommand } from './decide.js';
import type { UserEvent } from './events.js';
import { evolveUser, initialUserState, type UserState } from './state.js';

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
