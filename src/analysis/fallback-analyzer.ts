import type { Logger } from 'pino';
import type { Analysis, AnalysisContext, Analyzer, Embedding } from './analyzer.js';
import { LLM_FAILURE_REASONS, LlmCallError, type LlmFailureReason } from './llm/llm-error.js';

/** Why the primary failed, as recorded in `Analysis.fallback.reason`: a fixed code, never a message. */
export type FallbackReason = LlmFailureReason;

/** Reads the failure code an analyzer attached to its error (`error.reason`); `unknown` for anything else. */
export function fallbackReasonOf(error: unknown): FallbackReason {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return (LLM_FAILURE_REASONS as readonly unknown[]).includes(reason) ? (reason as FallbackReason) : 'unknown';
}

/** An analyzer could not serve a request; carries the analyzer name and a failure code only. */
export class AnalyzerUnavailableError extends Error {
  override readonly name = 'AnalyzerUnavailableError';
  constructor(
    readonly operation: 'analyze' | 'embed',
    readonly analyzer: string,
    readonly reason: FallbackReason,
  ) {
    super(`${analyzer} could not ${operation}: ${reason}`);
  }
}

/**
 * Serves `analyze` from the primary analyzer and, when it fails (after its own retries), from the fallback,
 * marking the result with `fallback: { from, reason }`, so a failing model never loses an item.
 * `embed` (search queries) uses the primary only: a query vector must come from the model of the stored vectors.
 * When both take their vectors from one embedding model and that model failed, the failure is passed on
 * (the item is retried later): the fallback would only ask the same server again.
 */
export class FallbackAnalyzer implements Analyzer {
  readonly name: string;
  readonly embeddingModel: { model: string; dimensions: number };
  readonly namesTopics?: boolean;

  constructor(
    private readonly primary: Analyzer,
    private readonly fallback: Analyzer,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    this.name = primary.name;
    this.embeddingModel = primary.embeddingModel;
    this.namesTopics = primary.namesTopics;
  }

  async analyze(text: string, context?: AnalysisContext): Promise<Analysis> {
    let reason: FallbackReason;
    try {
      return await this.primary.analyze(text, context);
    } catch (error) {
      if (this.sharesEmbeddings() && error instanceof LlmCallError && error.operation === 'embedding') throw error;
      reason = fallbackReasonOf(error);
    }
    this.logger?.warn({ from: this.primary.name, to: this.fallback.name, reason }, 'analyzer failed, using fallback');
    const result = await this.fallback.analyze(text);
    return { ...result, fallback: { from: this.primary.name, reason } };
  }

  async embed(text: string): Promise<Embedding> {
    try {
      return await this.primary.embed(text);
    } catch (error) {
      throw new AnalyzerUnavailableError('embed', this.primary.name, fallbackReasonOf(error));
    }
  }

  private sharesEmbeddings(): boolean {
    return this.fallback.embeddingModel.model === this.primary.embeddingModel.model;
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close?.(), this.fallback.close?.()]);
  }
}
