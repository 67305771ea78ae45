import { expect } from 'chai';
import type { Analysis, Analyzer, Embedding } from '../../../../src/analysis/analyzer.js';
import { AnalyzerUnavailableError, FallbackAnalyzer, fallbackReasonOf } from '../../../../src/analysis/fallback-analyzer.js';
import { LlmAnalyzer } from '../../../../src/analysis/llm/llm-analyzer.js';
import { failures, OpenAIStub } from '../../../support/openai-stub.js';
import { recordingDeps, stubConfig } from './helpers.js';

/** A deterministic stand-in for the offline analyzer. */
class FixedAnalyzer implements Analyzer {
  readonly name = 'fixed';
  readonly embeddingModel = { model: 'fixed-embed', dimensions: 3 };
  readonly seen: string[] = [];
  closed = false;

  async analyze(text: string): Promise<Analysis> {
    this.seen.push(text);
    return {
      sentiment: 'neutral',
      sentimentScore: 0,
      type: 'other',
      emotions: [],
      language: 'und',
      churnRisk: false,
      embedding: await this.embed(text),
      analyzer: this.name,
    };
  }

  async embed(_text?: string): Promise<Embedding> {
    return { ...this.embeddingModel, vector: [1, 0, 0] };
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

describe('FallbackAnalyzer', () => {
  let stub: OpenAIStub;
  let fixed: FixedAnalyzer;
  let warnings: unknown[];
  let analyzer: FallbackAnalyzer;

  before(async () => {
    stub = await OpenAIStub.start();
  });
  beforeEach(() => {
    fixed = new FixedAnalyzer();
    warnings = [];
    const primary = new LlmAnalyzer(stubConfig(stub.baseURL, { maxAttempts: 3 }), recordingDeps());
    analyzer = new FallbackAnalyzer(primary, fixed, { warn: (obj: unknown) => warnings.push(obj) } as never);
  });
  afterEach(() => stub.reset());
  after(async () => {
    await stub.close();
  });

  it('presents itself as the primary', () => {
    expect(analyzer.name).to.equal('llm:stub-chat-1');
    expect(analyzer.embeddingModel).to.deep.equal({ model: 'stub-embed-1', dimensions: 16 });
    expect(analyzer.namesTopics).to.equal(true);
    expect(new FallbackAnalyzer(fixed, fixed).namesTopics).to.equal(undefined);
  });

  it("passes the project's known topics on to the primary", async () => {
    await analyzer.analyze('Login keeps failing', { knownTopics: ['Sign in'] });
    expect(JSON.stringify(stub.chatRequests[0].body.messages)).to.include('[\\"Sign in\\"]');
  });

  it('returns the primary result untouched when the primary succeeds', async () => {
    const result = await analyzer.analyze('The app crashes on login');
    expect(result).to.include({ analyzer: 'llm:stub-chat-1', type: 'bug' });
    expect(result).not.to.have.property('fallback');
    expect(fixed.seen).to.deep.equal([]);
  });

  it('falls back on a persistent 500, recording from and reason provider_5xx', async () => {
    stub.failNext(10, failures.serverError());
    const result = await analyzer.analyze('The app crashes on login');
    expect(result).to.deep.include({ analyzer: 'fixed', type: 'other', fallback: { from: 'llm:stub-chat-1', reason: 'provider_5xx' } });
    expect(result.embedding.model).to.equal('fixed-embed');
    expect(stub.chatRequests).to.have.length(3);
    expect(fixed.seen).to.deep.equal(['The app crashes on login']);
  });

  it('falls back with reason rate_limited when 429s persist', async () => {
    stub.failNext(10, failures.rateLimited());
    const result = await analyzer.analyze('Too slow');
    expect(result.fallback).to.deep.equal({ from: 'llm:stub-chat-1', reason: 'rate_limited' });
  });

  it('retries malformed output, then falls back with reason invalid_output', async () => {
    stub.failNext(10, failures.malformed());
    const result = await analyzer.analyze('Please add dark mode');
    expect(stub.chatRequests).to.have.length(3);
    expect(result.fallback).to.deep.equal({ from: 'llm:stub-chat-1', reason: 'invalid_output' });
  });

  it('falls back at once with reason provider_4xx on a 400', async () => {
    stub.failNext(1, failures.badRequest());
    const result = await analyzer.analyze('Hello');
    expect(stub.chatRequests).to.have.length(1);
    expect(result.fallback).to.deep.equal({ from: 'llm:stub-chat-1', reason: 'provider_4xx' });
  });

  it('falls back when only the embedding call fails', async () => {
    stub.failNext(10, failures.serverError(502), 'embeddings');
    const result = await analyzer.analyze('Hello');
    expect(result.fallback).to.deep.equal({ from: 'llm:stub-chat-1', reason: 'provider_5xx' });
  });

  it('logs the fallback with codes only, never the text', async () => {
    stub.failNext(10, failures.serverError());
    await analyzer.analyze('secret words 12345');
    expect(warnings).to.deep.equal([{ from: 'llm:stub-chat-1', to: 'fixed', reason: 'provider_5xx' }]);
  });

  it('embeds queries with the primary only', async () => {
    const embedding = await analyzer.embed('dark mode');
    expect(embedding).to.include({ model: 'stub-embed-1', dimensions: 16 });
    expect(fixed.seen).to.deep.equal([]);
  });

  it('throws a typed error when the primary cannot embed a query', async () => {
    stub.failNext(10, failures.serverError(), 'embeddings');
    const error = await analyzer.embed('dark mode').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(AnalyzerUnavailableError).and.include({ operation: 'embed', analyzer: 'llm:stub-chat-1', reason: 'provider_5xx' });
  });

  it('uses reason unknown for errors without a failure code', async () => {
    const broken: Analyzer = {
      name: 'broken',
      embeddingModel: { model: 'm', dimensions: 3 },
      analyze: async () => {
        throw new TypeError('boom: some text');
      },
      embed: async () => {
        throw new TypeError('boom');
      },
    };
    const result = await new FallbackAnalyzer(broken, fixed).analyze('x');
    expect(result.fallback).to.deep.equal({ from: 'broken', reason: 'unknown' });
    expect(fallbackReasonOf({ reason: 'Rate limit hit for "x"' })).to.equal('unknown');
  });

  it('closes both analyzers', async () => {
    await analyzer.close();
    expect(fixed.closed).to.equal(true);
  });
});
