import { redact } from '../../analysis/redaction/index.js';
import { transcriptDecider } from '../../domain/transcript/decider.js';
import { transcriptStream } from '../../domain/transcript/events.js';
import type { TranscriptState } from '../../domain/transcript/state.js';
import { causedBy, type Actor, type CommandContext } from '../../eventstore/command-context.js';
import { foldStream, handleCommand } from '../../eventstore/command-handler.js';
import type { CoreServices } from '../../services.js';
import { deleteExtractionWork, releaseExtraction, type ClaimedExtraction } from '../../transcripts/extraction/extraction-work.js';
import { ExtractionFailure, type QuoteExtractor } from '../../transcripts/extraction/quote-extractor.js';
import { emitQuotes } from './emit-quotes.js';
import { decideExtraction, type ExtractionAction, type ExtractionInput } from './workflow.js';

const EXTRACTION_WORKER: Actor = { kind: 'system', name: 'transcript-extraction' };

export type ExtractionServices = Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine' | 'logger'>;

/** One claimed call: its work row, the transcript's record as read when the run began, and whose effects its commands are. */
interface ExtractionRun {
  services: ExtractionServices;
  job: ClaimedExtraction;
  state: TranscriptState;
  /** The call's intake caused what the extraction records; absent when there is no call. */
  context?: CommandContext;
  extractor: () => Promise<QuoteExtractor>;
}

async function readRun(services: ExtractionServices, job: ClaimedExtraction, extractor: () => Promise<QuoteExtractor>): Promise<ExtractionRun> {
  const events = await services.store.readStream(transcriptStream(job.transcript_id));
  const state = foldStream(transcriptDecider, events);
  return { services, job, state, extractor, ...(events[0] ? { context: causedBy(events[0], EXTRACTION_WORKER) } : {}) };
}

const now = (run: ExtractionRun) => run.services.clock.now();

/** Performs one action; returns the input it produced, if any (the extractor's answer, the items' ids). */
async function perform(run: ExtractionRun, action: ExtractionAction): Promise<ExtractionInput | undefined> {
  const { services, job } = run;
  const record = (command: Parameters<typeof transcriptDecider.decide>[0]) =>
    handleCommand(services.store, transcriptStream(job.transcript_id), transcriptDecider, command, { context: run.context! });
  switch (action.type) {
    case 'StartExtraction':
      await record({ type: 'StartExtraction', now: action.at });
      return undefined;
    case 'Extract': {
      const extractor = await run.extractor();
      // Personal data is redacted before any extractor (a model) reads the call, as for any item.
      const turns = job.work.turns.map((turn) => ({ ...turn, text: redact(turn.text, { knownNames: job.work.knownNames }).text }));
      const result = await extractor.extract(turns);
      return { type: 'Extracted', extractor: extractor.name, internal: result.internal, quotes: result.quotes, at: now(run).toISOString() };
    }
    case 'EmitQuotes': {
      const feedbackIds = await emitQuotes(services, action.call, job.work, action.quotes, run.context!);
      return { type: 'QuotesEmitted', extractor: action.extractor, feedbackIds, at: now(run).toISOString() };
    }
    case 'FinishExtraction': {
      const handled = await record({ type: 'FinishExtraction', outcome: action.outcome, now: action.at });
      if (handled.appended) await services.engine.waitFor(handled.appended.position);
      return undefined;
    }
    case 'DropWork':
      await deleteExtractionWork(services.db, job.transcript_id);
      return undefined;
    case 'Retry':
      await releaseExtraction(services.db, job, now(run), action.delaySeconds);
      return undefined;
  }
}

/** Asks the workflow what `input` calls for, performs it, and goes on with the inputs the actions produce. */
async function carryOut(run: ExtractionRun, first: ExtractionInput): Promise<void> {
  let input: ExtractionInput | undefined = first;
  while (input) {
    const actions = decideExtraction(input, run.state);
    input = undefined;
    for (const action of actions) input = (await perform(run, action)) ?? input;
  }
}

/** Runs the extraction workflow (`workflow.ts`) of a claimed call, from the transcript's record. */
export async function runExtraction(services: ExtractionServices, job: ClaimedExtraction, extractor: () => Promise<QuoteExtractor>): Promise<void> {
  const run = await readRun(services, job, extractor);
  await carryOut(run, { type: 'Claimed', enqueuedAt: job.enqueued_at.toISOString(), at: now(run).toISOString() });
}

/** A step of the run threw: the workflow retries it later or records the failure (logged by ids only). */
export async function failExtraction(
  services: ExtractionServices,
  job: ClaimedExtraction,
  error: unknown,
  lastError: string,
  maxAttempts: number,
): Promise<void> {
  const run = await readRun(services, job, () => Promise.reject(new Error('no extraction after a failure')));
  const code = error instanceof ExtractionFailure ? error.code : undefined;
  const input: ExtractionInput = { type: 'Failed', ...(code === undefined ? {} : { code }), attempts: job.attempts, maxAttempts, at: now(run).toISOString() };
  const log = { lastError, transcriptId: job.transcript_id, attempts: job.attempts };
  if (decideExtraction(input, run.state)[0]?.type === 'Retry') services.logger.warn(log, 'transcript extraction failed; will retry');
  else services.logger.error(log, 'transcript extraction failed');
  await carryOut(run, input);
}
