import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ThemeLabeler } from './labeler.js';
import { PhraseLabeler } from './labels/phrase-labeler.js';
import { llmConfigFromEnv } from './llm/llm-config.js';

/**
 * Theme labels from the LLM when one is configured (the offline phrase when it fails), else the theme's most
 * representative noun phrase. The LLM client library is loaded only when configured.
 */
export async function createLabeler(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): Promise<ThemeLabeler> {
  const offline = new PhraseLabeler();
  if (config.analyzer !== 'llm') return offline;
  const { LlmLabeler } = await import('./llm/llm-labeler.js');
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
