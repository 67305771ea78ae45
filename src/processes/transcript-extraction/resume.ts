import type { CoreServices } from '../../services.js';
import { describeFailure } from '../../support/describe-error.js';
import { claimExtractions, renewExtraction } from '../../transcripts/extraction/extraction-work.js';
import type { QuoteExtractor } from '../../transcripts/extraction/quote-extractor.js';
import { MAX_ATTEMPTS } from '../../work/job-failure.js';
import { LEASE_RENEW_EVERY_MS, WORK_LEASE_SECONDS, withLeaseRenewal } from '../../work/lease-renewal.js';
import { failExtraction, runExtraction } from './run.js';

export interface ExtractionWorkerOptions {
  leaseSeconds?: number;
  renewEveryMs?: number;
  maxAttempts?: number;
}

type Services = Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine' | 'logger'>;

/**
 * Claims the calls whose extraction is due (spec 3.2), one at a time under a lease renewed while it
 * runs, and runs each (`run.ts`) from where its record stands: a crash anywhere resumes at the next
 * claim. A failure goes back to the workflow, which retries it or records it.
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
        () => runExtraction(this.services, job, this.extractor),
      );
    } catch (error) {
      await failExtraction(this.services, job, error, describeFailure(error, undefined), this.maxAttempts);
    }
    return 1;
  }
}
