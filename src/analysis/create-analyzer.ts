import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Analyzer } from './analyzer.js';
import type { Embedder } from './embeddings/embedder.js';
import { RemoteEmbedder } from './embeddings/remote-embedder.js';
import { RemoteEmbeddingAnalyzer } from './embeddings/remote-embedding-analyzer.js';
import { FallbackAnalyzer } from './fallback-analyzer.js';
import { llmConfigFromEnv } from './llm/llm-config.js';
import { loadThreadedAnalyzer } from './offline/threaded-analyzer.js';
import { StubAnalyzer } from './stub/stub-analyzer.js';

/**
 * The configured analyzer. The LLM one falls back to the offline analyzer after its last retry, so a
 * failing model never loses an item; its client library (about 40 MiB) is loaded only when configured.
 * With EMBEDDINGS_* set, every vector (analysis, fallback, search, re-embedding) comes from that server,
 * so one deployment records one embedding model; when it fails, the item is retried.
 * `stub` (tests and demos only) loads no model at all.
 */
export async function createAnalyzer(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<Analyzer> {
  const embedder: Embedder | undefined = config.embeddings && new RemoteEmbedder(config.embeddings, { logger });
  if (config.analyzer === 'stub') return embedder ? new RemoteEmbeddingAnalyzer(new StubAnalyzer(), embedder) : new StubAnalyzer();
  const offline = await loadThreadedAnalyzer(config.analyzerThreads);
  const classifier = embedder ? new RemoteEmbeddingAnalyzer(offline, embedder) : offline;
  if (config.analyzer === 'offline') return classifier;
  const { LlmAnalyzer } = await import('./llm/llm-analyzer.js');
  return new FallbackAnalyzer(new LlmAnalyzer(llmConfigFromEnv(env), { logger, embedder }), classifier, logger);
}
