import { llmConfigFromEnv } from '../../analysis/llm/llm-config.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import { OfflineQuoteExtractor } from './offline-extractor.js';
import type { QuoteExtractor } from './quote-extractor.js';

/** The configured quote extractor: the model's (checked verbatim) with `ANALYZER=llm`, else the offline one (the LLM client library is loaded only then). */
export async function createQuoteExtractor(config: Pick<Config, 'analyzer'>, logger?: Logger, env: NodeJS.ProcessEnv = process.env): Promise<QuoteExtractor> {
  if (config.analyzer !== 'llm') return new OfflineQuoteExtractor();
  const { LlmQuoteExtractor } = await import('./llm-extractor.js');
  return new LlmQuoteExtractor(llmConfigFromEnv(env), { logger });
}
