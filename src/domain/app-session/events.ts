/** What a workspace session may do: a viewer reads, an editor also renames and merges themes. */
export type AppRole = 'viewer' | 'editor';
export const APP_ROLES: readonly AppRole[] = ['viewer', 'editor'];

/**
 * One stream per sign-in link and the session it becomes. Only SHA-256 hashes of the link's token and
 * of the session cookie are recorded, never the secrets themselves.
 */
export type AppSessionEvent =
  | {
      type: 'AppLinkIssued';
      data: { sessionId: string; projectId: string; role: AppRole; linkHash: string; issuedAt: string; linkExpiresAt: string };
    }
  | { type: 'AppSessionStarted'; data: { sessionId: string; projectId: string; sessionHash: string; startedAt: string; expiresAt: string } }
  | { type: 'AppSessionRevoked'; data: { sessionId: string; projectId: string; revokedAt: string } };

export const appSessionStream = (sessionId: string) => `app-session-${sessionId}`;
