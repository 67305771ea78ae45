import { expect } from 'chai';
import type { Analysis, Analyzer, Embedding } from '../../../../src/analysis/analyzer.js';
import { RemoteEmbedder } from '../../../../src/analysis/embeddings/remote-embedder.js';
import { RemoteEmbeddingAnalyzer } from '../../../../src/analysis/embeddings/remote-embedding-analyzer.js';
import { FallbackAnalyzer } from '../../../../src/analysis/fallback-analyzer.js';
import { LlmAnalyzer } from '../../../../src/analysis/llm/llm-analyzer.js';
import { LlmCallError } from '../../../../src/analysis/llm/llm-error.js';
import { behave, EmbeddingsStub } from '../../../support/embeddings-stub.js';
import { failures, OpenAIStub, stubVector } from '../../../support/openai-stub.js';
import { recordingDeps, stubConfig } from '../llm/helpers.js';

/** Stands in for the offline analyzer: its own classification and its own (other model's) vector. */
class LocalAnalyzer implements Analyzer {
  readonly name = 'offline';
  readonly embeddingModel = { model: 'use-lite-512', dimensions: 3 };
  readonly seen: string[] = [];

  async analyze(text: string): Promise<Analysis> {
    this.seen.push(text);
    return {
      sentiment: 'negative',
      sentimentScore: -0.5,
      type: 'bug',
      emotions: [],
      language: 'en',
      churnRisk: false,
      embedding: await this.embed(),
      analyzer: this.name,
    };
  }

  async embed(): Promise<Embedding> {
    return { ...this.embeddingModel, vector: [1, 0, 0] };
  }
}

describe('ANALYZER=llm with EMBEDDINGS_*: the chat model may fall back, the vectors never do', () => {
  let chat: OpenAIStub;
  let embeddings: EmbeddingsStub;
  let local: LocalAnalyzer;
  let analyzer: Analyzer;

  before(async () => {
    [chat, embeddings] = await Promise.all([OpenAIStub.start(), EmbeddingsStub.start({ dimensions: 768 })]);
  });
  beforeEach(() => {
    chat.reset();
    embeddings.reset();
    local = new LocalAnalyzer();
    const deps = recordingDeps();
    const embedder = new RemoteEmbedder(
      { baseURL: embeddings.baseURL, model: 'stub-multilingual', dimensions: 768, timeoutMs: 300, batchSize: 32, prefix: '' },
      { sleep: deps.sleep, maxAttempts: 2 },
    );
    // As createAnalyzer composes them.
    analyzer = new FallbackAnalyzer(
      new LlmAnalyzer(stubConfig(chat.baseURL, { maxAttempts: 2 }), { ...deps, embedder }),
      new RemoteEmbeddingAnalyzer(local, embedder),
    );
  });
  after(async () => {
    await Promise.all([chat.close(), embeddings.close()]);
  });

  it('takes the vector from the embedding server, not from the chat server', async () => {
    const result = await analyzer.analyze('Login keeps failing');
    expect(result.embedding).to.deep.equal({ model: 'stub-multilingual', dimensions: 768, vector: stubVector('Login keeps failing', 768) });
    expect(analyzer.embeddingModel).to.deep.equal({ model: 'stub-multilingual', dimensions: 768 });
    expect(chat.embeddingRequests).to.have.length(0);
  });

  it('when the chat model fails, classifies offline but still records the remote vector', async () => {
    chat.failNext(10, failures.serverError());
    const result = await analyzer.analyze('Login keeps failing');
    expect(result).to.deep.include({ analyzer: 'offline', type: 'bug', fallback: { from: 'llm:stub-chat-1', reason: 'provider_5xx' } });
    expect(result.embedding.model).to.equal('stub-multilingual');
    expect(result.embedding.vector).to.have.length(768);
  });

  it('when the embedding server fails, fails the analysis (to be retried) instead of using the offline vector', async () => {
    embeddings.next(behave.hang(), behave.hang());
    const error = await analyzer.analyze('Login keeps failing').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(LlmCallError).and.include({ operation: 'embedding', reason: 'timeout' });
    expect(local.seen).to.deep.equal([]);
    // The fallback did not ask the same server again.
    expect(embeddings.requests).to.have.length(2);
  });
});
