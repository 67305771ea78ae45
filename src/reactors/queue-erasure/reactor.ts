import { clusterLabelStream } from '../../domain/cluster/events.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import type { LogPosition } from '../../eventstore/event-store.js';
import type { Queryable } from '../../db/database.js';
import { reactor } from '../../projection-engine/projection.js';
import { erasureJobsMigrations } from './migration.js';

async function queueErasure(tx: Queryable, stream: string, position: LogPosition): Promise<void> {
  await tx.query(`INSERT INTO erasure_jobs (stream, commit_position, prepare_position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    stream,
    position.commit.toString(),
    position.prepare.toString(),
  ]);
}

/**
 * A deleted item's stream, and a retired theme-label generation (which may hold words of a deleted
 * item), wait in `erasure_jobs` until the erasure worker has removed them from the log.
 */
export const queueErasureOfDeleted = reactor({
  name: 'queue-erasure',
  handles: ['FeedbackDeleted', 'ClusterLabeled'],
  migrations: erasureJobsMigrations,
  async apply(event, tx) {
    if (event.type === 'FeedbackDeleted') {
      await queueErasure(tx, feedbackStream(event.data.feedbackId), event.position);
    } else if (event.data.generation > 0) {
      await queueErasure(tx, clusterLabelStream(event.data.clusterId, event.data.generation - 1), event.position);
    }
  },
});
