import type { ThemeLabeler } from '../../analysis/labeler.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { MAX_ATTEMPTS } from '../job-failure.js';
import { retryDelaySeconds } from '../retry-delay.js';
import { clusterItem, labelDueThemes } from './cluster-item.js';
import type { CommandContext } from '../../eventstore/command-context.js';
import { withClusteringLease, type ProjectLeaseOptions } from './lease.js';

export interface ClusteringWorkerOptions extends ProjectLeaseOptions {
  batchSize?: number;
  /** Attempts after which an item's job is parked instead of retried. */
  maxAttempts?: number;
}

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'engine' | 'logger'>;

/**
 * Clusters processed items one project at a time: a project lease (short, renewed while the worker
 * is busy, so a crash frees it within seconds) makes sure each decision sees the themes the
 * previous one created; different projects run in parallel on different workers.
 */
export class ClusteringWorker {
  private readonly batchSize: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly services: Services,
    private readonly labeler: ThemeLabeler,
    private readonly options: ClusteringWorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  }

  async runOnce(): Promise<number> {
    for (const projectId of await this.waitingProjects()) {
      const held = await withClusteringLease(this.services, projectId, (lease) => this.clusterProject(projectId, lease), this.options);
      if (held) return held.result;
    }
    return 0;
  }

  private async clusterProject(projectId: string, lease: { readonly lost: boolean }): Promise<number> {
    const jobs = await this.services.db.query<{ feedback_id: string; attempts: number }>(
      `SELECT feedback_id, attempts FROM clustering_jobs WHERE project_id = $1 AND available_at <= $3 ORDER BY seq LIMIT $2`,
      [projectId, this.batchSize, this.services.clock.now().toISOString()],
    );
    const done: string[] = [];
    const dueLabels = new Map<string, CommandContext>();
    for (const job of jobs.rows) {
      if (lease.lost) break; // another worker may be deciding for this project now
      try {
        const due = await clusterItem(this.services, this.labeler, projectId, job.feedback_id);
        if (due) dueLabels.set(due.clusterId, due.context);
      } catch (error) {
        await this.failed(job.feedback_id, job.attempts + 1, error);
        continue;
      }
      done.push(job.feedback_id);
    }
    await labelDueThemes(this.services, this.labeler, projectId, dueLabels);
    // Normally the reactor removed them already; this covers items deleted or clustered meanwhile. A crash
    // before it leaves such jobs to be found again, and skipped again.
    if (done.length > 0) await this.services.db.query(`DELETE FROM clustering_jobs WHERE feedback_id = ANY ($1::text[])`, [done]);
    return done.length;
  }

  /** Left in the queue with a growing delay, or parked after the last attempt; the other items go on. */
  private async failed(feedbackId: string, attempts: number, error: unknown): Promise<void> {
    const now = this.services.clock.now().toISOString();
    const lastError = describeFailure(error);
    if (attempts >= this.maxAttempts) {
      await this.services.db.query(
        `UPDATE clustering_jobs SET attempts = $2, available_at = 'infinity', parked_at = $3, last_error = $4 WHERE feedback_id = $1`,
        [feedbackId, attempts, now, lastError],
      );
      this.services.logger.error({ feedbackId, attempts, lastError }, 'clustering job parked after repeated failures');
      return;
    }
    this.services.logger.warn({ lastError, feedbackId, attempts }, 'clustering failed; will retry');
    await this.services.db.query(
      `UPDATE clustering_jobs SET attempts = $2, available_at = $3::timestamptz + make_interval(secs => $4) WHERE feedback_id = $1`,
      [feedbackId, attempts, now, retryDelaySeconds(attempts)],
    );
  }

  private async waitingProjects(): Promise<string[]> {
    const waiting = await this.services.db.query<{ project_id: string }>(
      `SELECT project_id FROM clustering_jobs WHERE available_at <= $1 GROUP BY project_id ORDER BY min(seq) LIMIT 20`,
      [this.services.clock.now().toISOString()],
    );
    return waiting.rows.map((row) => row.project_id);
  }
}
