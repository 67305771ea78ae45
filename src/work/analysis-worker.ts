import type { Analyzer } from '../analysis/analyzer.js';
import { feedbackDecider } from '../domain/feedback/decider.js';
import { feedbackStream } from '../domain/feedback/events.js';
import { foldStream, handleCommand } from '../eventstore/command-handler.js';
import { StreamErasedError, WrongExpectedRevisionError } from '../eventstore/event-store.js';
import type { CoreServices } from '../services.js';
import { retryDelaySeconds } from './retry-delay.js';

export interface AnalysisWorkerOptions {
  batchSize?: number;
  /** How long a claim lasts; a worker that dies leaves the job to be claimed again after it. */
  leaseSeconds?: number;
}

interface ClaimedJob {
  feedback_id: string;
  attempts: number;
  /** The lease this worker holds; a late worker must not touch a job someone else claimed since. */
  claimed_until: Date;
}

/**
 * Claims submitted items (SKIP LOCKED, under a lease), analyses them outside any transaction and
 * appends `FeedbackProcessed`. Idempotent: an item that is already processed or deleted records nothing.
 */
export class AnalysisWorker {
  private readonly batchSize: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'logger'>,
    private readonly analyzer: () => Promise<Analyzer>,
    options: AnalysisWorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 8;
    this.leaseSeconds = options.leaseSeconds ?? 120;
  }

  async claim(): Promise<ClaimedJob[]> {
    const now = this.services.clock.now().toISOString();
    const claimed = await this.services.db.query<ClaimedJob>(
      `UPDATE analysis_jobs SET claimed_until = $1::timestamptz + make_interval(secs => $2), attempts = attempts + 1
        WHERE feedback_id IN (
          SELECT feedback_id FROM analysis_jobs
           WHERE available_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
           ORDER BY enqueued_at, feedback_id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING feedback_id, attempts, claimed_until`,
      [now, this.leaseSeconds, this.batchSize],
    );
    return claimed.rows;
  }

  /** Claims and processes one batch; returns how many jobs it claimed. */
  async runOnce(): Promise<number> {
    const jobs = await this.claim();
    // Concurrently: the offline analyzer groups simultaneous texts into one model call.
    await Promise.all(jobs.map((job) => this.process(job)));
    return jobs.length;
  }

  private async process(job: ClaimedJob): Promise<void> {
    const stream = feedbackStream(job.feedback_id);
    try {
      const state = foldStream(feedbackDecider, await this.services.store.readStream(stream));
      if (state.status !== 'pending') {
        await this.services.db.query(`DELETE FROM analysis_jobs WHERE feedback_id = $1`, [job.feedback_id]);
        return;
      }
      const analyzer = await this.analyzer();
      const { embedding, ...analysis } = await analyzer.analyze(state.text!);
      await handleCommand(this.services.store, stream, feedbackDecider, {
        type: 'RecordAnalysis',
        result: {
          feedbackId: job.feedback_id,
          projectId: state.projectId!,
          analysis,
          embedding,
          processedAt: this.services.clock.now().toISOString(),
        },
      });
    } catch (error) {
      if (error instanceof StreamErasedError || error instanceof WrongExpectedRevisionError) return; // deleted meanwhile
      this.services.logger.warn({ err: error, feedbackId: job.feedback_id, attempts: job.attempts }, 'analysis failed; will retry');
      await this.services.db.query(
        `UPDATE analysis_jobs SET claimed_until = NULL, available_at = $2::timestamptz + make_interval(secs => $3)
          WHERE feedback_id = $1 AND claimed_until = $4`,
        [job.feedback_id, this.services.clock.now().toISOString(), retryDelaySeconds(job.attempts), job.claimed_until],
      );
    }
  }
}
