/**
 * Entry point of the offline analyzer. Loading takes the models into memory once per process;
 * the service and test runs share that instance.
 */
import type { Embedding } from '../analyzer.js';
import { OfflineAnalyzer } from './offline-analyzer.js';

export { OfflineAnalyzer, OFFLINE_ANALYZER_NAME } from './offline-analyzer.js';
export { USE_LITE_DIMENSIONS, USE_LITE_MODEL } from './embeddings/use-lite.js';

let instance: Promise<OfflineAnalyzer> | undefined;

export function loadOfflineAnalyzer(): Promise<OfflineAnalyzer> {
  instance ??= OfflineAnalyzer.load().catch((error: unknown) => {
    instance = undefined; // let a later call retry
    throw error;
  });
  return instance;
}

/** Embeds texts in batches with the shared analyzer's model (`use-lite-512`, unit length). */
export async function embedMany(texts: string[]): Promise<Embedding[]> {
  return (await loadOfflineAnalyzer()).embedMany(texts);
}
