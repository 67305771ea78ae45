import type { ThemeLabeler } from '../../analysis/labeler.js';
import type { CoreServices } from '../../services.js';
import { retryDelaySeconds } from '../retry-delay.js';
import { clusterItem } from './cluster-item.js';
import { releaseClusteringLease, takeClusteringLease } from './lease.js';

export interface ClusteringWorkerOptions {
  leaseSeconds?: number;
  batchSize?: number;
}

/**
 * Clusters processed items one project at a time: a project lease (crash-safe, it expires) makes
 * sure each decision sees the themes the previous one created; different projects run in parallel
 * on different workers.
 */
export class ClusteringWorker {
  private readonly leaseSeconds: number;
  private readonly batchSize: number;

  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>,
    private readonly labeler: ThemeLabeler,
    options: ClusteringWorkerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.batchSize = options.batchSize ?? 50;
  }

  async runOnce(): Promise<number> {
    const projectId = await this.claimProject();
    if (!projectId) return 0;
    let done = 0;
    try {
      const jobs = await this.services.db.query<{ feedback_id: string; attempts: number }>(
        `SELECT feedback_id, attempts FROM clustering_jobs WHERE project_id = $1 AND available_at <= $3 ORDER BY seq LIMIT $2`,
        [projectId, this.batchSize, this.services.clock.now().toISOString()],
      );
      for (const job of jobs.rows) {
        try {
          await clusterItem(this.services, this.labeler, projectId, job.feedback_id);
        } catch (error) {
          // Left in the queue with a growing delay; the other items go on.
          this.services.logger.warn({ err: error, feedbackId: job.feedback_id, attempts: job.attempts + 1 }, 'clustering failed; will retry');
          await this.services.db.query(
            `UPDATE clustering_jobs SET attempts = attempts + 1, available_at = $2::timestamptz + make_interval(secs => $3) WHERE feedback_id = $1`,
            [job.feedback_id, this.services.clock.now().toISOString(), retryDelaySeconds(job.attempts + 1)],
          );
          continue;
        }
        // Normally the projection removed it already; this covers items deleted or clustered meanwhile.
        await this.services.db.query(`DELETE FROM clustering_jobs WHERE feedback_id = $1`, [job.feedback_id]);
        done++;
      }
    } finally {
      await releaseClusteringLease(this.services.db, projectId);
    }
    return done;
  }

  private async claimProject(): Promise<string | undefined> {
    const waiting = await this.services.db.query<{ project_id: string }>(
      `SELECT project_id FROM clustering_jobs WHERE available_at <= $1 GROUP BY project_id ORDER BY min(seq) LIMIT 20`,
      [this.services.clock.now().toISOString()],
    );
    for (const { project_id: projectId } of waiting.rows) {
      if (await takeClusteringLease(this.services.db, projectId, this.services.clock.now(), this.leaseSeconds)) return projectId;
    }
    return undefined;
  }
}
