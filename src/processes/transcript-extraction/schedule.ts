import type { CoreServices } from '../../services.js';
import { WorkerLoop, type ScheduledLoop } from '../../support/worker-loop.js';
import type { QuoteExtractor } from '../../transcripts/extraction/quote-extractor.js';
import { TranscriptExtractionWorker } from './resume.js';

/** The worker role extracts calls as they come: the intake writes the work row before `TranscriptReceived`, which wakes the loop. */
export const scheduleTranscriptExtraction = (
  services: Pick<CoreServices, 'db' | 'store' | 'clock' | 'ids' | 'engine' | 'logger'>,
  extractor: QuoteExtractor,
): ScheduledLoop => {
  const extraction = new TranscriptExtractionWorker(services, () => Promise.resolve(extractor));
  return { loop: new WorkerLoop('transcript-extraction', () => extraction.runOnce(), services.logger), wakesOn: ['TranscriptReceived'] };
};
