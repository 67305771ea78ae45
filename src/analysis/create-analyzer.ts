import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Analyzer } from './analyzer.js';
import { FallbackAnalyzer } from './fallback-analyzer.js';
import { llmConfigFromEnv } from './llm/llm-config.js';
import { loadThreadedAnalyzer } from './offline/threaded-analyzer.js';

/**
 * The configured analyzer. The LLM one falls back to the offline analyzer after its last retry, so a
 * failing model never loses an item; its client library (about 40 MiB) is loaded only when configured.
 */
export async function createAnalyzer(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<Analyzer> {
  const offline = await loadThreadedAnalyzer(config.analyzerThreads);
  if (config.analyzer === 'offline') return offline;
  const { LlmAnalyzer } = await import('./llm/llm-analyzer.js');
  return new FallbackAnalyzer(new LlmAnalyzer(llmConfigFromEnv(env), { logger }), offline, logger);
}
