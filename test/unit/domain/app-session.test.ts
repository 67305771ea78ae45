import { LinkUnusable } from '../../../src/domain/app-session/decide.js';
import { appSessionDecider } from '../../../src/domain/app-session/decider.js';
import type { AppSessionEvent } from '../../../src/domain/app-session/events.js';
import { NotFound } from '../../../src/domain/errors.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const spec = DeciderSpecification.for(appSessionDecider);
const NOW = '2026-03-01T12:00:00.000Z';
const issued: AppSessionEvent = {
  type: 'AppLinkIssued',
  data: { sessionId: 'ses_1', projectId: 'proj_1', role: 'editor', linkHash: 'link-hash', issuedAt: NOW, linkExpiresAt: '2026-03-01T12:15:00.000Z' },
};
const started: AppSessionEvent = {
  type: 'AppSessionStarted',
  data: { sessionId: 'ses_1', projectId: 'proj_1', sessionHash: 'session-hash', startedAt: '2026-03-01T12:05:00.000Z', expiresAt: '2026-03-31T12:05:00.000Z' },
};
const signIn = (at: string, linkHash = 'link-hash') =>
  ({ type: 'SignIn', linkHash, sessionHash: 'session-hash', now: at, expiresAt: '2026-03-31T12:05:00.000Z' }) as const;

describe('workspace sessions (decider)', () => {
  it('a link is issued once per session id', () => {
    const command = {
      type: 'IssueLink',
      sessionId: 'ses_1',
      projectId: 'proj_1',
      role: 'editor',
      linkHash: 'link-hash',
      now: NOW,
      linkExpiresAt: issued.data.linkExpiresAt,
    } as const;
    spec.given([]).when(command).then([issued]);
    spec
      .given([issued])
      .when(command)
      .thenThrows(Error, (error) => /exists/.test(error.message));
  });

  it('an unused, unexpired link starts the session', () => {
    spec.given([issued]).when(signIn('2026-03-01T12:05:00.000Z')).then([started]);
  });

  it('a link signs in once, not after its expiry, not after revocation, and only with its own token', () => {
    spec
      .given([issued, started])
      .when(signIn('2026-03-01T12:06:00.000Z'))
      .thenThrows(LinkUnusable, (e) => e.reason === 'used');
    spec
      .given([issued])
      .when(signIn('2026-03-01T12:15:00.000Z'))
      .thenThrows(LinkUnusable, (e) => e.reason === 'expired');
    const revoked: AppSessionEvent = { type: 'AppSessionRevoked', data: { sessionId: 'ses_1', projectId: 'proj_1', revokedAt: NOW } };
    spec
      .given([issued, revoked])
      .when(signIn('2026-03-01T12:05:00.000Z'))
      .thenThrows(LinkUnusable, (e) => e.reason === 'revoked');
    spec.given([issued]).when(signIn('2026-03-01T12:05:00.000Z', 'other-hash')).thenThrows(NotFound);
    spec.given([]).when(signIn('2026-03-01T12:05:00.000Z')).thenThrows(NotFound);
  });

  it('revoking records once; a second revocation changes nothing', () => {
    const revoked: AppSessionEvent = { type: 'AppSessionRevoked', data: { sessionId: 'ses_1', projectId: 'proj_1', revokedAt: NOW } };
    spec.given([issued, started]).when({ type: 'Revoke', now: NOW }).then([revoked]);
    spec.given([issued, started, revoked]).when({ type: 'Revoke', now: NOW }).thenNothing();
    spec.given([]).when({ type: 'Revoke', now: NOW }).thenThrows(NotFound);
  });
});
