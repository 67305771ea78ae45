import { expect } from 'chai';
import { LLM_CONFIG_DEFAULTS, llmConfigFromEnv } from '../../../../src/analysis/llm/llm-config.js';

describe('llmConfigFromEnv', () => {
  it('applies the defaults when only the API key is set', () => {
    const config = llmConfigFromEnv({ OPENAI_API_KEY: 'sk-x' });
    expect(config).to.deep.equal({
      apiKey: 'sk-x',
      baseURL: undefined,
      chatModel: 'gpt-4o-mini',
      embeddingModel: 'text-embedding-3-small',
      embeddingDimensions: 1536,
      maxAttempts: 4,
      initialBackoffMs: 500,
      timeoutMs: LLM_CONFIG_DEFAULTS.timeoutMs,
    });
  });

  it('reads every variable', () => {
    const config = llmConfigFromEnv({
      OPENAI_API_KEY: 'ollama',
      OPENAI_BASE_URL: 'http://localhost:11434/v1/',
      OPENAI_CHAT_MODEL: 'llama3.1:8b',
      OPENAI_EMBEDDING_MODEL: 'nomic-embed-text',
      OPENAI_EMBEDDING_DIMENSIONS: '768',
      OPENAI_MAX_ATTEMPTS: '2',
      OPENAI_TIMEOUT_MS: '1000',
    });
    expect(config).to.include({
      baseURL: 'http://localhost:11434/v1',
      chatModel: 'llama3.1:8b',
      embeddingModel: 'nomic-embed-text',
      embeddingDimensions: 768,
      maxAttempts: 2,
      timeoutMs: 1000,
    });
  });

  it('treats empty values as unset', () => {
    const config = llmConfigFromEnv({ OPENAI_API_KEY: 'k', OPENAI_CHAT_MODEL: '  ', OPENAI_BASE_URL: '' });
    expect(config.chatModel).to.equal('gpt-4o-mini');
    expect(config.baseURL).to.equal(undefined);
  });

  const bad: Array<[string, Record<string, string>]> = [
    ['OPENAI_API_KEY', {}],
    ['OPENAI_API_KEY', { OPENAI_API_KEY: '   ' }],
    ['OPENAI_BASE_URL', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'localhost:8000' }],
    ['OPENAI_BASE_URL', { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'ftp://example.com/v1' }],
    ['OPENAI_CHAT_MODEL', { OPENAI_API_KEY: 'k', OPENAI_CHAT_MODEL: 'gpt 4o' }],
    ['OPENAI_EMBEDDING_MODEL', { OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_MODEL: 'text embedding' }],
    ['OPENAI_EMBEDDING_DIMENSIONS', { OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_DIMENSIONS: 'many' }],
    ['OPENAI_EMBEDDING_DIMENSIONS', { OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_DIMENSIONS: '0' }],
    ['OPENAI_EMBEDDING_DIMENSIONS', { OPENAI_API_KEY: 'k', OPENAI_EMBEDDING_DIMENSIONS: '12.5' }],
    ['OPENAI_MAX_ATTEMPTS', { OPENAI_API_KEY: 'k', OPENAI_MAX_ATTEMPTS: '-1' }],
    ['OPENAI_TIMEOUT_MS', { OPENAI_API_KEY: 'k', OPENAI_TIMEOUT_MS: 'soon' }],
  ];
  for (const [variable, env] of bad) {
    it(`names ${variable} when it is invalid (${JSON.stringify(env[variable] ?? null)})`, () => {
      expect(() => llmConfigFromEnv(env)).to.throw(Error, variable);
    });
  }

  it('never echoes the API key in its errors', () => {
    expect(() => llmConfigFromEnv({ OPENAI_API_KEY: 'sk-secret', OPENAI_EMBEDDING_DIMENSIONS: 'x' }))
      .to.throw(Error)
      .that.satisfies((e: Error) => !e.message.includes('sk-secret'));
  });
});
