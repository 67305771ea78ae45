import type { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import type { Runnable } from '@langchain/core/runnables';
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base';
import type { Analysis, AnalysisContext, Analyzer, Embedding, TextAnalysis } from '../analyzer.js';
import type { Embedder } from '../embeddings/embedder.js';
import { ANALYSIS_JSON_SCHEMA, ANALYSIS_SCHEMA_NAME, ANALYSIS_SYSTEM_PROMPT, knownTopicsPrompt } from './analysis-schema.js';
import type { LlmConfig } from './llm-config.js';
import { InvalidModelOutputError } from './llm-error.js';
import { normalizeAnalysis } from './normalize-analysis.js';
import { createChatModel, createEmbeddings } from './openai-clients.js';
import { retryPolicyFor, withRetry, type RetryDeps, type RetryPolicy } from './retry.js';

/**
 * How the structured answer is requested: `json_schema` (response_format, the default) or `function_calling`
 * (a forced tool call) for servers without json_schema support.
 */
export type StructuredOutputStyle = 'json_schema' | 'function_calling';

export interface LlmAnalyzerDeps extends RetryDeps {
  structuredOutput?: StructuredOutputStyle;
  /** Where the vectors come from instead of the chat server's embeddings endpoint (EMBEDDINGS_*). */
  embedder?: Embedder;
}

/**
 * Analyzer backed by any OpenAI-compatible server: one structured chat call per item for the classification,
 * one embeddings call for the vector, each under our retry policy.
 */
export class LlmAnalyzer implements Analyzer {
  readonly name: string;
  readonly namesTopics = true;
  private readonly classifier: Runnable<BaseLanguageModelInput, Record<string, unknown>>;
  private readonly embedder: Embedder;
  private readonly policy: RetryPolicy;

  constructor(config: LlmConfig, deps: LlmAnalyzerDeps = {}) {
    this.name = `llm:${config.chatModel}`;
    this.classifier = structuredClassifier(createChatModel(config), deps.structuredOutput ?? 'json_schema');
    const { structuredOutput: _style, embedder, ...retryDeps } = deps;
    this.policy = retryPolicyFor(config, retryDeps);
    this.embedder = embedder ?? new ChatServerEmbedder(config, this.policy);
  }

  get embeddingModel(): { model: string; dimensions: number } {
    return this.embedder.embeddingModel;
  }

  async analyze(text: string, context: AnalysisContext = {}): Promise<Analysis> {
    const [classification, embedding] = await Promise.all([this.classify(text, context), this.embed(text)]);
    return { ...classification, embedding, analyzer: this.name };
  }

  async classify(text: string, context: AnalysisContext = {}): Promise<TextAnalysis> {
    const topics = context.knownTopics?.length ? [{ role: 'system', content: knownTopicsPrompt(context.knownTopics) }] : [];
    return withRetry('chat', this.policy, async () => {
      const answer = await this.classifier.invoke([{ role: 'system', content: ANALYSIS_SYSTEM_PROMPT }, ...topics, { role: 'user', content: text }]);
      return normalizeAnalysis(answer);
    });
  }

  embed(text: string): Promise<Embedding> {
    return this.embedder.embed(text);
  }
}

/** The chat server's own embeddings endpoint (OPENAI_EMBEDDING_MODEL), under the analyzer's retry policy. */
class ChatServerEmbedder implements Embedder {
  readonly embeddingModel: { model: string; dimensions: number };
  private readonly embeddings: OpenAIEmbeddings;

  constructor(
    config: LlmConfig,
    private readonly policy: RetryPolicy,
  ) {
    this.embeddingModel = { model: config.embeddingModel, dimensions: config.embeddingDimensions };
    this.embeddings = createEmbeddings(config);
  }

  async embed(text: string): Promise<Embedding> {
    const { model, dimensions } = this.embeddingModel;
    const vector = await withRetry('embedding', this.policy, async () => checkVector(await this.embeddings.embedQuery(text), dimensions));
    return { model, dimensions, vector };
  }
}

function structuredClassifier(chat: ChatOpenAI, style: StructuredOutputStyle): Runnable<BaseLanguageModelInput, Record<string, unknown>> {
  return chat.withStructuredOutput(ANALYSIS_JSON_SCHEMA, {
    name: ANALYSIS_SCHEMA_NAME,
    method: style === 'json_schema' ? 'jsonSchema' : 'functionCalling',
    strict: true,
  });
}

function checkVector(vector: ArrayLike<number> | undefined, dimensions: number): number[] {
  if (!vector || vector.length !== dimensions) throw new InvalidModelOutputError(`embedding has ${vector?.length ?? 0} dimensions, expected ${dimensions}`);
  const values = Array.from(vector);
  if (!values.every(Number.isFinite)) throw new InvalidModelOutputError('embedding contains non-finite values');
  return values;
}
