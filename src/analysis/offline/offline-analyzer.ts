/**
 * The offline analyzer: USE-lite embeddings, fastText language id, small trained classifiers with
 * product-language rules for English, and cue lexicons for es, fr, de, pt, it, nl, ja, zh, ru, tr.
 * No network; every model file is read from node_modules or the repo.
 */
import type { Analysis, Analyzer, Embedding } from '../analyzer.js';
import { BatchingEncoder } from './embeddings/batching-encoder.js';
import { UseLiteEncoder } from './embeddings/use-lite.js';
import { OFFLINE_ANALYZER_NAME, USE_LITE_DIMENSIONS, USE_LITE_MODEL } from './offline-model-names.js';
import { LanguageDetector } from './language/language-detector.js';
import { TextClassifier } from './classifier/text-classifier.js';
import type { ClassifierModel } from './classifier/classifier-model.js';
import { neutralisePlaceholders } from './text/placeholders.js';
import { classifyWithCues } from './multilingual/multilingual-classifier.js';
import { withChurnRisk } from '../churn-consistency.js';
import { detectChurnRisk } from './churn/detect-churn.js';
import classifierModel from './model/classifiers.json' with { type: 'json' };

export { OFFLINE_ANALYZER_NAME };

export class OfflineAnalyzer implements Analyzer {
  readonly name = OFFLINE_ANALYZER_NAME;
  readonly embeddingModel = { model: USE_LITE_MODEL, dimensions: USE_LITE_DIMENSIONS };

  private constructor(
    private readonly encoder: UseLiteEncoder,
    private readonly batcher: BatchingEncoder,
    private readonly languages: LanguageDetector,
    private readonly classifier: TextClassifier,
  ) {}

  static async load(): Promise<OfflineAnalyzer> {
    const model = classifierModel as ClassifierModel;
    if (model.embeddingModel !== USE_LITE_MODEL) throw new Error(`classifiers were trained on ${model.embeddingModel}`);
    const [encoder, languages] = await Promise.all([UseLiteEncoder.load(), LanguageDetector.load()]);
    return new OfflineAnalyzer(encoder, new BatchingEncoder(encoder), languages, new TextClassifier(model));
  }

  async analyze(text: string): Promise<Analysis> {
    const cleaned = neutralisePlaceholders(text);
    const vector = await this.batcher.embed(cleaned);
    const language = this.languages.detect(text);
    // The sentence encoder reads English only; other languages with a cue lexicon are classified from it.
    const classification = classifyWithCues(cleaned, language) ?? this.classifier.classify(cleaned, vector);
    return {
      ...withChurnRisk(classification, detectChurnRisk(cleaned, language)),
      language,
      embedding: this.toEmbedding(vector),
      analyzer: this.name,
    };
  }

  async embed(text: string): Promise<Embedding> {
    return this.toEmbedding(await this.batcher.embed(neutralisePlaceholders(text)));
  }

  /** Batched embeddings (for clustering and re-embedding), in input order. */
  async embedMany(texts: readonly string[]): Promise<Embedding[]> {
    const vectors = await this.batcher.embedMany(texts.map(neutralisePlaceholders));
    return vectors.map((v) => this.toEmbedding(v));
  }

  /** Language only, without running the sentence encoder. */
  detectLanguage(text: string): string {
    return this.languages.detect(text);
  }

  async close(): Promise<void> {
    // The instance is shared per process (see index.ts); models stay loaded until exit.
  }

  /** Releases the encoder's tensors; only for processes that are done with the analyzer. */
  dispose(): void {
    this.encoder.dispose();
  }

  private toEmbedding(vector: Float32Array): Embedding {
    return { model: USE_LITE_MODEL, dimensions: USE_LITE_DIMENSIONS, vector: Array.from(vector, (v) => Number(v.toFixed(6))) };
  }
}
