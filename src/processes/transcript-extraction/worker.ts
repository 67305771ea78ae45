import { redact } from '../../analysis/redaction/index.js';
import type { ExtractionOutcome } from '../../domain/transcript/decide.js';
import { transcriptDecider } from '../../domain/transcript/decider.js';
import { transcriptStream } from '../../domain/transcript/events.js';
import { awaitsExtraction } from '../../domain/transcript/state.js';
import { causedBy, type Actor, type CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import {
  claimExtractions,
  deleteExtractionWork,
  releaseExtraction,
  renewExtraction,
  type ClaimedExtraction,
} from '../../transcripts/extraction/extraction-work.js';
import { ExtractionFailure, type QuoteExtractor } from '../../transcripts/extraction/quote-extractor.js';
import { MAX_ATTEMPTS } from '../../work/job-failure.js';
import { LEASE_RENEW_EVERY_MS, WORK_LEASE_SECONDS, withLeaseRenewal } from '../../work/lease-renewal.js';
import { retryDelaySeconds } from '../../work/retry-delay.js';
import { emitQuotes } from './emit-quotes.js';

const EXTRACTION_WORKER: Actor = { kind: 'system', name: 'transcript-extraction' };
/** A work row without its call after this long is an intake that failed after writing it: dropped. */
export const ORPHAN_AFTER_SECONDS = 60;

export interface ExtractionWorkerOptions {
  leaseSeconds?: number;
  renewEveryMs?: number;
  maxAttempts?: number;
}

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine' | 'logger'>;

/**
 * The extraction process of a call (spec 3.2): claims a work row under a lease, records
 * `extracting`, asks the extractor for quotes, turns them into feedback items (idempotently), records
 * the outcome, and deletes the row with the text. A crash anywhere resumes at the next claim: the
 * items already made are found again by their keys, an outcome already recorded only deletes the row.
 * An extractor failure with a code (`provider_5xx`, `schema_refused`) ends it `failed` at once; any
 * other error is retried (2, 4, 8, 16 s) and ends `failed` with `extraction_error` after the 5th.
 */
export class TranscriptExtractionWorker {
  private readonly leaseSeconds: number;
  private readonly renewEveryMs: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly services: Services,
    private readonly extractor: () => Promise<QuoteExtractor>,
    options: ExtractionWorkerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? WORK_LEASE_SECONDS;
    this.renewEveryMs = options.renewEveryMs ?? LEASE_RENEW_EVERY_MS;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  }

  /** Claims and extracts one call; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const [job] = await claimExtractions(this.services.db, this.services.clock.now(), this.leaseSeconds, 1);
    if (!job) return 0;
    try {
      await withLeaseRenewal(
        () => renewExtraction(this.services.db, job, this.services.clock.now(), this.leaseSeconds),
        { everyMs: this.renewEveryMs, logger: this.services.logger, context: { transcriptId: job.transcript_id, work: 'transcript-extraction' } },
        () => this.extract(job),
      );
    } catch (error) {
      await this.failed(job, error);
    }
    return 1;
  }

  private async extract(job: ClaimedExtraction): Promise<void> {
    const { store, clock } = this.services;
    const stream = transcriptStream(job.transcript_id);
    const events = await store.readStream(stream);
    const state = foldStream(transcriptDecider, events);
    if (!state.received) return this.orphan(job);
    if (!awaitsExtraction(state)) return deleteExtractionWork(this.services.db, job.transcript_id);
    const context = causedBy(events[0], EXTRACTION_WORKER);
    await handleCommand(store, stream, transcriptDecider, { type: 'StartExtraction', now: clock.now().toISOString() }, { context });
    const extractor = await this.extractor();
    // Personal data is redacted before any extractor (a model) reads the call, as for any item.
    const turns = job.work.turns.map((turn) => ({ ...turn, text: redact(turn.text, { knownNames: job.work.knownNames }).text }));
    const result = await extractor.extract(turns);
    const outcome: ExtractionOutcome = result.internal
      ? { kind: 'internal', extractor: extractor.name }
      : { kind: 'extracted', extractor: extractor.name, feedbackIds: await emitQuotes(this.services, state.received, job.work, result.quotes, context) };
    await this.finish(job, outcome, context);
  }

  private async finish(job: ClaimedExtraction, outcome: ExtractionOutcome, context: CommandContext): Promise<void> {
    const stream = transcriptStream(job.transcript_id);
    const handled = await handleCommand(
      this.services.store,
      stream,
      transcriptDecider,
      { type: 'FinishExtraction', outcome, now: this.services.clock.now().toISOString() },
      { context },
    );
    if (handled.appended) await this.services.engine.waitFor(handled.appended.position);
    await deleteExtractionWork(this.services.db, job.transcript_id);
  }

  /** No call for this row: its intake failed after writing it (or is still under way: wait a little). */
  private async orphan(job: ClaimedExtraction): Promise<void> {
    const age = (this.services.clock.now().getTime() - job.enqueued_at.getTime()) / 1000;
    if (age >= ORPHAN_AFTER_SECONDS) return deleteExtractionWork(this.services.db, job.transcript_id);
    await releaseExtraction(this.services.db, job, this.services.clock.now(), ORPHAN_AFTER_SECONDS);
  }

  private async failed(job: ClaimedExtraction, error: unknown): Promise<void> {
    const final = error instanceof ExtractionFailure || job.attempts >= this.maxAttempts;
    const lastError = describeFailure(error, undefined);
    if (!final) {
      this.services.logger.warn({ lastError, transcriptId: job.transcript_id, attempts: job.attempts }, 'transcript extraction failed; will retry');
      return releaseExtraction(this.services.db, job, this.services.clock.now(), retryDelaySeconds(job.attempts));
    }
    this.services.logger.error({ lastError, transcriptId: job.transcript_id, attempts: job.attempts }, 'transcript extraction failed');
    const events = await this.services.store.readStream(transcriptStream(job.transcript_id));
    const failureReason = error instanceof ExtractionFailure ? error.code : 'extraction_error';
    await this.finish(job, { kind: 'failed', failureReason }, causedBy(events[0], EXTRACTION_WORKER));
  }
}
