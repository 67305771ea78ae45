import { reactor } from '../../projection-engine/projection.js';
import { pendingUserErasuresMigrations } from './track.migration.js';

/** An erasure is pending (and due at once) from `UserErasureRequested` until `UserErasureCompleted`. */
export const trackUserErasures = reactor({
  name: 'track-user-erasures',
  handles: ['UserErasureRequested', 'UserErasureCompleted'],
  migrations: pendingUserErasuresMigrations,
  async apply(event, tx) {
    if (event.type === 'UserErasureCompleted') {
      await tx.query(`DELETE FROM pending_user_erasures WHERE request_id = $1`, [event.data.requestId]);
      return;
    }
    const { requestId, projectId, requestedAt } = event.data;
    await tx.query(`INSERT INTO pending_user_erasures (request_id, project_id, requested_at, claimed_until) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING`, [
      requestId,
      projectId,
      requestedAt,
    ]);
  },
});
