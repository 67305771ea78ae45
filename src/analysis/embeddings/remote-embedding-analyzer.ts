import type { Analysis, AnalysisContext, Analyzer, Embedding } from '../analyzer.js';
import type { Embedder } from './embedder.js';

/**
 * Another analyzer's sentiment, type, emotions and language with the vector of `embedder` (the offline
 * analyzer keeps its classifiers, which read its own encoder internally). When the embedder fails, the
 * analysis fails: the item is retried, never recorded with the other analyzer's vector.
 */
export class RemoteEmbeddingAnalyzer implements Analyzer {
  readonly name: string;
  readonly namesTopics?: boolean;

  constructor(
    private readonly classifier: Analyzer,
    private readonly embedder: Embedder,
  ) {
    this.name = classifier.name;
    this.namesTopics = classifier.namesTopics;
  }

  get embeddingModel(): { model: string; dimensions: number } {
    return this.embedder.embeddingModel;
  }

  async analyze(text: string, context?: AnalysisContext): Promise<Analysis> {
    const [analysis, embedding] = await Promise.all([this.classifier.analyze(text, context), this.embedder.embed(text)]);
    return { ...analysis, embedding };
  }

  embed(text: string): Promise<Embedding> {
    return this.embedder.embed(text);
  }

  async close(): Promise<void> {
    await this.classifier.close?.();
  }
}
