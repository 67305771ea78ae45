import { projector } from '../../src/projection-engine/projection.js';
import { appSessionsMigrations } from './migration.js';

/** Workspace sign-in links and the sessions they became, by the hashes of their secrets. */
export const appSessionsProjection = projector({
  name: 'app-sessions',
  tables: ['app_sessions'],
  handles: ['AppLinkIssued', 'AppSessionStarted', 'AppSessionRevoked'],
  migrations: appSessionsMigrations,
  async apply(event, tx) {
    switch (event.type) {
      case 'AppLinkIssued': {
        const d = event.data;
        await tx.query(
          `INSERT INTO app_sessions (session_id, project_id, role, link_hash, issued_at, link_expires_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [d.sessionId, d.projectId, d.role, d.linkHash, d.issuedAt, d.linkExpiresAt],
        );
        return;
      }
      case 'AppSessionStarted': {
        const d = event.data;
        await tx.query(`UPDATE app_sessions SET session_hash = $2, signed_in_at = $3, expires_at = $4 WHERE session_id = $1`, [
          d.sessionId,
          d.sessionHash,
          d.startedAt,
          d.expiresAt,
        ]);
        return;
      }
      case 'AppSessionRevoked':
        await tx.query(`UPDATE app_sessions SET revoked_at = $2 WHERE session_id = $1`, [event.data.sessionId, event.data.revokedAt]);
        return;
    }
  },
});
