import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ThemeLabeler } from './labeler.js';
import { CtfidfLabeler } from './labels/ctfidf-labeler.js';
import { llmConfigFromEnv } from './llm/llm-config.js';
import { LlmLabeler } from './llm/llm-labeler.js';

/** Theme labels from the LLM when one is configured (c-TF-IDF terms when it fails), else from the terms alone. */
export function createLabeler(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): ThemeLabeler {
  const terms = new CtfidfLabeler();
  if (config.analyzer !== 'llm') return terms;
  const llm = new LlmLabeler(llmConfigFromEnv(env));
  return {
    async label(input) {
      try {
        return await llm.label(input);
      } catch (error) {
        logger.warn({ err: error }, 'theme labelling by the LLM failed; using c-TF-IDF terms');
        return terms.label(input);
      }
    },
  };
}
