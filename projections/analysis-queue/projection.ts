import type { Queryable } from '../../src/db/database.js';
import { clusterLabelStream, type ClusterLabeled } from '../../src/domain/cluster/events.js';
import { feedbackStream, type FeedbackEvent } from '../../src/domain/feedback/events.js';
import type { RecordedEvent } from '../../src/eventstore/event-store.js';
import type { Projection } from '../../src/projection-engine/projection.js';

/**
 * Turns the feedback log into work: a submitted item waits in `analysis_jobs` until its analysis is
 * recorded, then in `clustering_jobs` until it has joined a theme; a deleted item's stream (and a
 * retired theme-label generation) waits in `erasure_jobs` until it has been erased from the log.
 */
export const analysisQueueProjection: Projection = {
  name: 'analysis-queue',
  tables: ['analysis_jobs', 'clustering_jobs', 'erasure_jobs'],
  handles: ['FeedbackSubmitted', 'FeedbackProcessed', 'FeedbackReembedded', 'FeedbackClustered', 'FeedbackDeleted', 'ClusterLabeled'],
  migrations: [],
  async apply(recorded: RecordedEvent, tx: Queryable) {
    const event = recorded as unknown as FeedbackEvent | ClusterLabeled;
    switch (event.type) {
      case 'ClusterLabeled':
        // A new label generation retires the previous one, which may hold words of a deleted item.
        if (event.data.generation > 0) {
          await tx.query(
            `INSERT INTO erasure_jobs (stream, commit_position, prepare_position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
            [clusterLabelStream(event.data.clusterId, event.data.generation - 1), recorded.position.commit.toString(), recorded.position.prepare.toString()],
          );
        }
        return;
      case 'FeedbackSubmitted':
        await tx.query(
          `INSERT INTO analysis_jobs (feedback_id, project_id, enqueued_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [event.data.feedbackId, event.data.projectId, event.data.receivedAt],
        );
        return;
      case 'FeedbackProcessed':
      case 'FeedbackReembedded':
        await tx.query(`DELETE FROM analysis_jobs WHERE feedback_id = $1`, [event.data.feedbackId]);
        await tx.query(
          `INSERT INTO clustering_jobs (feedback_id, project_id, seq) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [event.data.feedbackId, event.data.projectId, recorded.position.prepare.toString()],
        );
        return;
      case 'FeedbackClustered':
        await tx.query(`DELETE FROM clustering_jobs WHERE feedback_id = $1`, [event.data.feedbackId]);
        return;
      case 'FeedbackDeleted':
        await tx.query(`DELETE FROM analysis_jobs WHERE feedback_id = $1`, [event.data.feedbackId]);
        await tx.query(`DELETE FROM clustering_jobs WHERE feedback_id = $1`, [event.data.feedbackId]);
        await tx.query(
          `INSERT INTO erasure_jobs (stream, commit_position, prepare_position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [feedbackStream(event.data.feedbackId), recorded.position.commit.toString(), recorded.position.prepare.toString()],
        );
        return;
    }
  },
};
