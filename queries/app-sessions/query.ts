import type { Queryable } from '../../src/db/database.js';
import type { AppRole } from '../../src/domain/app-session/events.js';

export interface SignedInSession {
  sessionId: string;
  projectId: string;
  projectName: string;
  role: AppRole;
  expiresAt: Date;
  /** The project's customer-value trait, if any: without one there is no revenue to show. */
  customerValueTrait: string | null;
}

/** The session a cookie's hash names, if it is signed in, unrevoked and unexpired at `now`. */
export async function findSignedInSession(db: Queryable, sessionHash: string, now: Date): Promise<SignedInSession | undefined> {
  const rows = await db.query<{ session_id: string; project_id: string; name: string; role: AppRole; expires_at: Date; trait: string | null }>(
    `SELECT s.session_id, s.project_id, p.name, s.role, s.expires_at, p.settings->>'customerValueTrait' AS trait
       FROM app_sessions s JOIN projects p USING (project_id)
      WHERE s.session_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [sessionHash, now.toISOString()],
  );
  const row = rows.rows[0];
  return (
    row && {
      sessionId: row.session_id,
      projectId: row.project_id,
      projectName: row.name,
      role: row.role,
      expiresAt: row.expires_at,
      customerValueTrait: row.trait,
    }
  );
}

/** The session a sign-in link's token hash belongs to (used or not: the decider says whether it still signs in). */
export async function findSessionOfLink(db: Queryable, linkHash: string): Promise<{ sessionId: string; projectName: string; role: AppRole } | undefined> {
  const rows = await db.query<{ session_id: string; name: string; role: AppRole }>(
    `SELECT s.session_id, p.name, s.role FROM app_sessions s JOIN projects p USING (project_id) WHERE s.link_hash = $1`,
    [linkHash],
  );
  const row = rows.rows[0];
  return row && { sessionId: row.session_id, projectName: row.name, role: row.role };
}

export type AppSessionState = 'link-unused' | 'link-expired' | 'signed-in' | 'expired' | 'revoked';

export interface AppSessionRecord {
  id: string;
  projectId: string;
  role: AppRole;
  state: AppSessionState;
  issuedAt: string;
  linkExpiresAt: string;
  signedInAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

/** Every link and session, of one project or all, newest first. */
export async function listAppSessions(db: Queryable, now: Date, projectId?: string): Promise<AppSessionRecord[]> {
  const rows = await db.query<{
    session_id: string;
    project_id: string;
    role: AppRole;
    issued_at: Date;
    link_expires_at: Date;
    signed_in_at: Date | null;
    expires_at: Date | null;
    revoked_at: Date | null;
  }>(
    `SELECT session_id, project_id, role, issued_at, link_expires_at, signed_in_at, expires_at, revoked_at FROM app_sessions
      WHERE $1::text IS NULL OR project_id = $1 ORDER BY issued_at DESC, session_id`,
    [projectId ?? null],
  );
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.rows.map((row) => ({
    id: row.session_id,
    projectId: row.project_id,
    role: row.role,
    state: row.revoked_at
      ? 'revoked'
      : row.signed_in_at
        ? row.expires_at! > now
          ? 'signed-in'
          : 'expired'
        : row.link_expires_at > now
          ? 'link-unused'
          : 'link-expired',
    issuedAt: row.issued_at.toISOString(),
    linkExpiresAt: row.link_expires_at.toISOString(),
    signedInAt: iso(row.signed_in_at),
    expiresAt: iso(row.expires_at),
    revokedAt: iso(row.revoked_at),
  }));
}
