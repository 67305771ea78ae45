import type { Analyzer } from '../../analysis/analyzer.js';
import type { Logger } from '../../logger.js';
import { describeFailure } from '../../support/describe-error.js';
import { toClusteringVector } from '../../resources/clustering.js';

/** What a defined theme's definition reads as, for the embedding model: its label, keywords and description. */
export interface Definition {
  label: string;
  keywords: readonly string[];
  description: string | null;
}

/** The clustering vector of a definition in the given embedding model's space; undefined when the analyzer embeds with another model. */
export type DefinitionVectors = (model: string, definition: Definition) => Promise<number[] | undefined>;

const CACHED = 500;

export const definitionText = ({ label, keywords, description }: Definition): string =>
  [label, keywords.join(', '), description ?? ''].filter((part) => part.trim() !== '').join('. ');

/**
 * Embeds definitions with the analyzer, as items are embedded (the label is the topic an LLM analyzer
 * would have named), remembering the last few hundred: a batch asks for the same definitions each time.
 * A definition that cannot be embedded now (the embedding server is down) is matched without its vector
 * rather than holding up clustering.
 */
export function definitionVectors(analyzer: () => Promise<Analyzer>, logger: Pick<Logger, 'warn'>): DefinitionVectors {
  const cache = new Map<string, number[]>();
  return async (model, definition) => {
    const text = definitionText(definition);
    const key = `${model}\n${text}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const embedding = await (
      await analyzer()
    )
      .embed(text)
      .catch(
        (error: unknown) => void logger.warn({ model, lastError: describeFailure(error) }, 'a defined theme was matched without the meaning of its definition'),
      );
    if (!embedding || embedding.model !== model) return undefined;
    const vector = toClusteringVector(model, embedding.vector, text, undefined, definition.label);
    if (cache.size >= CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, vector);
    return vector;
  };
}
