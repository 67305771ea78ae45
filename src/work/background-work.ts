import type { Analyzer } from '../analysis/analyzer.js';
import type { Runtime } from '../runtime.js';
import { AnalysisWorker } from './analysis-worker.js';
import { eraseLeftoverStreams } from './erasure-worker.js';
import { WorkerLoop } from './worker-loop.js';

export interface BackgroundWork {
  stop(): Promise<void>;
}

/** Starts the workers of the `worker` role: analysis and leftover erasures; new work wakes them. */
export function startBackgroundWork(runtime: Runtime, analyzer: () => Promise<Analyzer>): BackgroundWork {
  const analysis = new AnalysisWorker(runtime, analyzer);
  const loops = [
    new WorkerLoop('analysis', () => analysis.runOnce(), runtime.logger),
    new WorkerLoop('erasure', () => eraseLeftoverStreams(runtime), runtime.logger, 5000),
  ];
  const unsubscribe = runtime.engine.onAdvanced(() => loops[0].wake());
  for (const loop of loops) loop.start();
  return {
    async stop() {
      unsubscribe();
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
