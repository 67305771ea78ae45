import { Conflict, NotFound } from '../errors.js';
import type { AppRole, AppSessionEvent } from './events.js';
import type { AppSessionState } from './state.js';

export type AppSessionCommand =
  | { type: 'IssueLink'; sessionId: string; projectId: string; role: AppRole; linkHash: string; now: string; linkExpiresAt: string }
  | { type: 'SignIn'; linkHash: string; sessionHash: string; now: string; expiresAt: string }
  | { type: 'Revoke'; now: string };

/** Why a link no longer signs in; the page says which. */
export class LinkUnusable extends Conflict {
  constructor(readonly reason: 'used' | 'expired' | 'revoked') {
    super(
      {
        used: 'This sign-in link was used already; a link signs in once.',
        expired: 'This sign-in link has expired.',
        revoked: 'This sign-in link was revoked.',
      }[reason],
    );
  }
}

export function decideAppSession(command: AppSessionCommand, state: AppSessionState): AppSessionEvent[] {
  if (command.type === 'IssueLink') {
    if (state.exists) throw new Conflict('The session exists already.');
    const { sessionId, projectId, role, linkHash, now, linkExpiresAt } = command;
    return [{ type: 'AppLinkIssued', data: { sessionId, projectId, role, linkHash, issuedAt: now, linkExpiresAt } }];
  }
  if (!state.exists) throw new NotFound('The session');
  const { sessionId, projectId } = state as Required<AppSessionState>;
  if (command.type === 'Revoke') {
    return state.revoked ? [] : [{ type: 'AppSessionRevoked', data: { sessionId, projectId, revokedAt: command.now } }];
  }
  if (command.linkHash !== state.linkHash) throw new NotFound('The sign-in link');
  if (state.revoked) throw new LinkUnusable('revoked');
  if (state.startedAt) throw new LinkUnusable('used');
  if (Date.parse(command.now) >= Date.parse(state.linkExpiresAt!)) throw new LinkUnusable('expired');
  return [
    { type: 'AppSessionStarted', data: { sessionId, projectId, sessionHash: command.sessionHash, startedAt: command.now, expiresAt: command.expiresAt } },
  ];
}
