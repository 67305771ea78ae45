import type { ThemeLabeler } from '../../analysis/labeler.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { MAX_ATTEMPTS } from '../job-failure.js';
import { retryDelaySeconds } from '../retry-delay.js';
import type { DefinitionVectors } from '../defined-themes/definition-vectors.js';
import { clusterBatch, type BatchOutcome } from './cluster-batch.js';
import { withClusteringLease, type ProjectLeaseOptions } from './lease.js';

export interface ClusteringWorkerOptions extends ProjectLeaseOptions {
  batchSize?: number;
  /** Attempts after which an item's job is parked instead of retried. */
  maxAttempts?: number;
  /** Embeds defined themes' definitions, so items can match them by meaning before they have members. */
  definitions?: DefinitionVectors;
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
    const attempts = new Map(jobs.rows.map((job) => [job.feedback_id, job.attempts]));
    const outcome = await this.clusterJobs(projectId, [...attempts.keys()], lease);
    for (const [feedbackId, error] of outcome.failed) await this.failed(feedbackId, attempts.get(feedbackId)! + 1, error);
    // Normally the reactor removed them already; this covers items deleted or clustered meanwhile. A crash
    // before it leaves such jobs to be found again, and skipped again.
    if (outcome.done.length > 0) await this.services.db.query(`DELETE FROM clustering_jobs WHERE feedback_id = ANY ($1::text[])`, [outcome.done]);
    return outcome.done.length;
  }

  /** The jobs as one batch; when the batch fails as a whole, one by one, so a bad item fails alone. */
  private async clusterJobs(projectId: string, feedbackIds: string[], lease: { readonly lost: boolean }): Promise<BatchOutcome> {
    const alone = (feedbackId: string) =>
      clusterBatch(this.services, this.labeler, projectId, [feedbackId], lease, this.options.definitions).catch((error: unknown) => ({
        done: [],
        failed: new Map([[feedbackId, error]]),
      }));
    if (feedbackIds.length === 1) return alone(feedbackIds[0]);
    try {
      return await clusterBatch(this.services, this.labeler, projectId, feedbackIds, lease, this.options.definitions);
    } catch (error) {
      this.services.logger.warn(
        { projectId, items: feedbackIds.length, lastError: describeFailure(error) },
        'clustering batch failed; clustering its items one by one',
      );
      const outcome: BatchOutcome = { done: [], failed: new Map() };
      for (const feedbackId of feedbackIds) {
        if (lease.lost) break;
        const one = await alone(feedbackId);
        outcome.done.push(...one.done);
        for (const [id, failure] of one.failed) outcome.failed.set(id, failure);
      }
      return outcome;
    }
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
