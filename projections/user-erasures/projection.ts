import { projector } from '../../src/projection-engine/projection.js';
import { userErasuresMigrations } from './migration.js';

/**
 * The status of each user-deletion request: `pending` from the request, `completed` from the
 * outcome. The request event is erased with the user, so a rebuild sees only the outcome, which
 * carries everything the row needs.
 */
export const userErasuresProjection = projector({
  name: 'user-erasures',
  tables: ['user_erasures'],
  handles: ['UserErasureRequested', 'UserErasureCompleted'],
  migrations: userErasuresMigrations,
  async apply(event, tx) {
    if (event.type === 'UserErasureRequested') {
      const { requestId, projectId, requestedAt } = event.data;
      await tx.query(
        `INSERT INTO user_erasures (request_id, project_id, status, requested_at) VALUES ($1, $2, 'pending', $3) ON CONFLICT (request_id) DO NOTHING`,
        [requestId, projectId, requestedAt],
      );
      return;
    }
    const { requestId, projectId, requestedAt, completedAt } = event.data;
    await tx.query(
      `INSERT INTO user_erasures (request_id, project_id, status, requested_at, completed_at) VALUES ($1, $2, 'completed', $3, $4)
       ON CONFLICT (request_id) DO UPDATE SET status = 'completed', completed_at = excluded.completed_at`,
      [requestId, projectId, requestedAt, completedAt],
    );
  },
});
