import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ThemeLabeler } from './labeler.js';
import { PhraseLabeler } from './labels/phrase-labeler.js';
import { llmConfigFromEnv } from './llm/llm-config.js';
import { LlmLabeler } from './llm/llm-labeler.js';

/** Theme labels from the LLM when one is configured (the offline phrase when it fails), else the theme's most representative noun phrase. */
export function createLabeler(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): ThemeLabeler {
  const offline = new PhraseLabeler();
  if (config.analyzer !== 'llm') return offline;
  const llm = new LlmLabeler(llmConfigFromEnv(env));
  return {
    async label(input) {
      try {
        return await llm.label(input);
      } catch (error) {
        logger.warn({ err: error }, 'theme labelling by the LLM failed; using the offline phrase');
        return offline.label(input);
      }
    },
  };
}
