import type { Analysis, Analyzer, Embedding } from '../analyzer.js';
import { OFFLINE_ANALYZER_NAME, USE_LITE_DIMENSIONS, USE_LITE_MODEL } from './offline-model-names.js';

/** An analyzer thread as the pool sees it (a `ThreadedAnalyzer`): it answers calls and says how many wait. */
export interface PoolThread extends Pick<Analyzer, 'analyze' | 'embed'> {
  readonly waiting: number;
}

/**
 * Several analyzer threads behind one analyzer (`ANALYZER_THREADS`). Each call goes to the thread with
 * the fewest calls waiting, so a batch of simultaneous calls is shared out evenly and each thread
 * still embeds its share in one model call. Every thread holds its own models.
 */
export class AnalyzerPool implements Analyzer {
  readonly name = OFFLINE_ANALYZER_NAME;
  readonly embeddingModel = { model: USE_LITE_MODEL, dimensions: USE_LITE_DIMENSIONS };

  constructor(private readonly threads: readonly PoolThread[]) {
    if (threads.length === 0) throw new Error('an analyzer pool needs at least one thread');
  }

  analyze(text: string): Promise<Analysis> {
    return this.leastBusy().analyze(text);
  }

  embed(text: string): Promise<Embedding> {
    return this.leastBusy().embed(text);
  }

  private leastBusy(): PoolThread {
    return this.threads.reduce((best, thread) => (thread.waiting < best.waiting ? thread : best));
  }
}
