import { llmConfigFromEnv } from '../../analysis/llm/llm-config.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import { LlmQuoteExtractor } from './llm-extractor.js';
import { OfflineQuoteExtractor } from './offline-extractor.js';
import type { QuoteExtractor } from './quote-extractor.js';

/** The configured quote extractor: the model's (checked verbatim) with `ANALYZER=llm`, else the offline one. */
export function createQuoteExtractor(config: Pick<Config, 'analyzer'>, logger?: Logger, env: NodeJS.ProcessEnv = process.env): QuoteExtractor {
  if (config.analyzer !== 'llm') return new OfflineQuoteExtractor();
  return new LlmQuoteExtractor(llmConfigFromEnv(env), { logger });
}
