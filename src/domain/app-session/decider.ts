import type { Decider } from '../decider.js';
import { decideAppSession, type AppSessionCommand } from './decide.js';
import type { AppSessionEvent } from './events.js';
import { evolveAppSession, initialAppSessionState, type AppSessionState } from './state.js';

export const appSessionDecider: Decider<AppSessionState, AppSessionCommand, AppSessionEvent> = {
  initialState: initialAppSessionState,
  evolve: evolveAppSession,
  decide: decideAppSession,
};
