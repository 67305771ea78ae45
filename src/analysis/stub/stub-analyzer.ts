/**
 * The stub analyzer, for tests and demos only (`ANALYZER=stub` with `ALLOW_STUB_ANALYZER=true`): no model,
 * loads at once, deterministic, with the offline analyzer's output shape. Language by a tiny rule, sentiment,
 * type and emotions by a few cue words, churn risk by the offline analyzer's churn cues, and an embedding
 * that hashes content-word stems (`stub-hash-512`), so items sharing words group and rank together.
 * Its analyses say nothing about what customers meant: never use it on real feedback.
 */
import type { Analysis, Analyzer, Embedding } from '../analyzer.js';
import { withChurnRisk } from '../churn-consistency.js';
import { detectChurnRisk } from '../offline/churn/detect-churn.js';
import { neutralisePlaceholders } from '../offline/text/placeholders.js';
import { judgeByCues } from './stub-cues.js';
import { STUB_EMBEDDING_DIMENSIONS, STUB_EMBEDDING_MODEL, stubEmbedding } from './stub-embedding.js';
import { stubLanguage } from './stub-language.js';

export const STUB_ANALYZER_NAME = 'stub';

export class StubAnalyzer implements Analyzer {
  readonly name = STUB_ANALYZER_NAME;
  readonly embeddingModel = { model: STUB_EMBEDDING_MODEL, dimensions: STUB_EMBEDDING_DIMENSIONS };

  async analyze(text: string): Promise<Analysis> {
    const cleaned = neutralisePlaceholders(text);
    const language = stubLanguage(cleaned);
    return {
      ...withChurnRisk(judgeByCues(cleaned), detectChurnRisk(cleaned, language)),
      language,
      embedding: this.toEmbedding(cleaned, language),
      analyzer: this.name,
    };
  }

  async embed(text: string): Promise<Embedding> {
    const cleaned = neutralisePlaceholders(text);
    return this.toEmbedding(cleaned, stubLanguage(cleaned));
  }

  private toEmbedding(text: string, language: string): Embedding {
    return { model: STUB_EMBEDDING_MODEL, dimensions: STUB_EMBEDDING_DIMENSIONS, vector: stubEmbedding(text, language) };
  }
}
