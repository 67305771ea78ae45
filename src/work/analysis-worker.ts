import type { Analyzer } from '../analysis/analyzer.js';
import { feedbackDecider } from '../domain/feedback/decider.js';
import { feedbackStream } from '../domain/feedback/events.js';
import { causedBy, type Actor } from '../eventstore/command-context.js';
import { foldStream, handleCommand } from '../eventstore/command-handler.js';
import { StreamErasedError, WrongExpectedRevisionError } from '../eventstore/event-store.js';
import type { CoreServices } from '../services.js';
import { describeFailure } from '../support/describe-error.js';
import { MAX_ATTEMPTS } from './job-failure.js';
import { knownTopicsOncePerProject } from './known-topics.js';
import { LEASE_RENEW_EVERY_MS, WORK_LEASE_SECONDS, withLeaseRenewal, type RenewalOutcome } from './lease-renewal.js';
import { retryDelaySeconds } from './retry-delay.js';

/** The project's known topics, read once per batch (`knownTopicsOncePerProject`). */
type KnownTopicsOf = (projectId: string) => Promise<string[]>;

export interface AnalysisWorkerOptions {
  batchSize?: number;
  /** How long a claim lasts; a worker that dies leaves the job to be claimed again after it. */
  leaseSeconds?: number;
  /** How often a busy worker extends its claims. */
  renewEveryMs?: number;
  /** Attempts after which a job is parked instead of retried. */
  maxAttempts?: number;
}

const ANALYSIS_WORKER: Actor = { kind: 'system', name: 'analysis-worker' };

/** Jobs claimed at once: analysed concurrently, so the offline analyzer embeds them in one model call (at most 32). */
export const ANALYSIS_BATCH = 32;

/**
 * Batches a process keeps in flight (one loop each): the analyzer thread embeds one batch while the
 * main thread records the other and claims the next. With one batch the two took turns, each idle
 * about a third of the time, and a backlog drained at under half the analyzer's speed.
 */
export const ANALYSIS_BATCHES_IN_FLIGHT = 2;

interface ClaimedJob {
  feedback_id: string;
  attempts: number;
  /** The lease this worker holds (moved on by each renewal); a late worker must not touch a job someone else claimed since. */
  claimed_until: Date;
}

/**
 * Claims submitted items (SKIP LOCKED, under a short lease renewed while it works), analyses them
 * outside any transaction and appends `FeedbackProcessed`. Idempotent: an item that is already
 * processed or deleted records nothing. A job that fails `maxAttempts` times is parked.
 */
export class AnalysisWorker {
  private readonly batchSize: number;
  private readonly leaseSeconds: number;
  private readonly renewEveryMs: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'logger' | 'metrics'>,
    private readonly analyzer: () => Promise<Analyzer>,
    options: AnalysisWorkerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? ANALYSIS_BATCH;
    this.leaseSeconds = options.leaseSeconds ?? WORK_LEASE_SECONDS;
    this.renewEveryMs = options.renewEveryMs ?? LEASE_RENEW_EVERY_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
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
    const knownTopicsOf = knownTopicsOncePerProject(this.services.db);
    // Concurrently: the offline analyzer groups simultaneous texts into one model call.
    await Promise.all(
      jobs.map((job) =>
        // Past the last attempt only when the workers holding it died (or lost it) every time.
        job.attempts > this.maxAttempts ? this.park(job, `worker stopped or lost its lease ${this.maxAttempts} times`) : this.process(job, knownTopicsOf),
      ),
    );
    return jobs.length;
  }

  private async process(job: ClaimedJob, knownTopicsOf: KnownTopicsOf): Promise<void> {
    const item: { text?: string } = {};
    try {
      await withLeaseRenewal(
        () => this.renew(job),
        { everyMs: this.renewEveryMs, logger: this.services.logger, context: { feedbackId: job.feedback_id, work: 'analysis' } },
        () => this.analyze(job, item, knownTopicsOf),
      );
    } catch (error) {
      if (error instanceof StreamErasedError || error instanceof WrongExpectedRevisionError) return; // deleted meanwhile
      const lastError = describeFailure(error, item.text);
      if (job.attempts >= this.maxAttempts) return this.park(job, lastError);
      this.services.metrics?.analysis('retried');
      this.services.logger.warn({ lastError, feedbackId: job.feedback_id, attempts: job.attempts }, 'analysis failed; will retry');
      await this.services.db.query(
        `UPDATE analysis_jobs SET claimed_until = NULL, available_at = $2::timestamptz + make_interval(secs => $3)
          WHERE feedback_id = $1 AND claimed_until = $4`,
        [job.feedback_id, this.services.clock.now().toISOString(), retryDelaySeconds(job.attempts), job.claimed_until],
      );
    }
  }

  /** Analyses the item and records the result; `item.text` is kept so a failure can mask it. */
  private async analyze(job: ClaimedJob, item: { text?: string }, knownTopicsOf: KnownTopicsOf): Promise<void> {
    const stream = feedbackStream(job.feedback_id);
    const recorded = await this.services.store.readStream(stream);
    const state = foldStream(feedbackDecider, recorded);
    const submitted = recorded.find((event) => event.type === 'FeedbackSubmitted');
    if (state.status !== 'pending' || !submitted) {
      await this.services.db.query(`DELETE FROM analysis_jobs WHERE feedback_id = $1`, [job.feedback_id]);
      return;
    }
    item.text = state.text;
    const analyzer = await this.analyzer();
    const context = analyzer.namesTopics ? { knownTopics: await knownTopicsOf(state.projectId!) } : {};
    const { embedding, ...analysis } = await analyzer.analyze(state.text!, context);
    await handleCommand(
      this.services.store,
      stream,
      feedbackDecider,
      {
        type: 'RecordAnalysis',
        result: {
          feedbackId: job.feedback_id,
          projectId: state.projectId!,
          analysis,
          embedding,
          processedAt: this.services.clock.now().toISOString(),
        },
      },
      { context: causedBy(submitted, ANALYSIS_WORKER) },
    );
    this.services.metrics?.analysis('analysed');
  }

  /** Extends this worker's lease, unless another worker holds it now or the job is gone. */
  private async renew(job: ClaimedJob): Promise<RenewalOutcome> {
    const result = await this.services.db.query<{ renewed: Date | null; present: boolean }>(
      `WITH renewed AS (
         UPDATE analysis_jobs SET claimed_until = $3::timestamptz + make_interval(secs => $4)
          WHERE feedback_id = $1 AND claimed_until = $2 RETURNING claimed_until)
       SELECT (SELECT claimed_until FROM renewed) AS renewed, EXISTS (SELECT 1 FROM analysis_jobs WHERE feedback_id = $1) AS present`,
      [job.feedback_id, job.claimed_until, this.services.clock.now().toISOString(), this.leaseSeconds],
    );
    const { renewed, present } = result.rows[0];
    if (renewed) job.claimed_until = renewed;
    return renewed ? 'renewed' : present ? 'lost' : 'gone';
  }

  /** Out of the queue for good (until an operator resets it), with the error and no feedback text. */
  private async park(job: ClaimedJob, reason: string): Promise<void> {
    const parked = await this.services.db.query(
      `UPDATE analysis_jobs SET claimed_until = NULL, available_at = 'infinity', parked_at = $3, last_error = $4
        WHERE feedback_id = $1 AND claimed_until = $2`,
      [job.feedback_id, job.claimed_until, this.services.clock.now().toISOString(), reason],
    );
    if (parked.rowCount > 0) {
      this.services.metrics?.analysis('parked');
      this.services.logger.error({ feedbackId: job.feedback_id, attempts: job.attempts, lastError: reason }, 'analysis job parked after repeated failures');
    }
  }
}
