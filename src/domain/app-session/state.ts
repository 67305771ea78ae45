import type { AppRole, AppSessionEvent } from './events.js';

export interface AppSessionState {
  exists: boolean;
  sessionId?: string;
  projectId?: string;
  role?: AppRole;
  linkHash?: string;
  linkExpiresAt?: string;
  /** Set once the link was used: a link signs in once. */
  startedAt?: string;
  revoked: boolean;
}

export const initialAppSessionState = (): AppSessionState => ({ exists: false, revoked: false });

export function evolveAppSession(state: AppSessionState, event: AppSessionEvent): AppSessionState {
  switch (event.type) {
    case 'AppLinkIssued': {
      const { sessionId, projectId, role, linkHash, linkExpiresAt } = event.data;
      return { ...state, exists: true, sessionId, projectId, role, linkHash, linkExpiresAt };
    }
    case 'AppSessionStarted':
      return { ...state, startedAt: event.data.startedAt };
    case 'AppSessionRevoked':
      return { ...state, revoked: true };
  }
}
