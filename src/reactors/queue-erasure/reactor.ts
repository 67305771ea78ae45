import { clusterLabelStream } from '../../domain/cluster/events.js';
import { feedbackDeletionStream } from '../../domain/feedback-deletion/events.js';
import { feedbackStream } from '../../domain/feedback/events.js';
import { userErasureStream } from '../../domain/user-erasure/events.js';
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
 * A deleted item's stream, a retired theme-label generation (which may hold words of a deleted
 * item), a completed deletion process's record (which names the item), an erased end user's stream
 * and their completed erasure's request (which names them) wait in `erasure_jobs`
 * until they are removed from the log.
 */
export const queueErasureOfDeleted = reactor({
  name: 'queue-erasure',
  handles: ['FeedbackDeleted', 'FeedbackDeletionCompleted', 'ClusterLabeled', 'UserErased', 'UserErasureCompleted'],
  migrations: erasureJobsMigrations,
  applyRun: {
    async FeedbackDeleted(events, tx) {
      await tx.query(
        `INSERT INTO erasure_jobs (stream, commit_position, prepare_position)
         SELECT * FROM unnest($1::text[], $2::numeric[], $3::numeric[]) ON CONFLICT DO NOTHING`,
        [
          events.map((e) => feedbackStream(e.data.feedbackId)),
          events.map((e) => e.position.commit.toString()),
          events.map((e) => e.position.prepare.toString()),
        ],
      );
    },
  },
  async apply(event, tx) {
    if (event.type === 'FeedbackDeleted') {
      await queueErasure(tx, feedbackStream(event.data.feedbackId), event.position);
    } else if (event.type === 'FeedbackDeletionCompleted') {
      await queueErasure(tx, feedbackDeletionStream(event.data.feedbackId), event.position);
    } else if (event.type === 'UserErased') {
      await queueErasure(tx, event.stream, event.position);
    } else if (event.type === 'UserErasureCompleted') {
      await queueErasure(tx, userErasureStream(event.data.requestId), event.position);
    } else if (event.data.generation > 0) {
      await queueErasure(tx, clusterLabelStream(event.data.clusterId, event.data.generation - 1), event.position);
    }
  },
});
