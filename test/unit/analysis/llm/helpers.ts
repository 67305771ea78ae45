import type { LlmConfig } from '../../../../src/analysis/llm/llm-config.js';
import type { RetryDeps } from '../../../../src/analysis/llm/retry.js';

export function stubConfig(baseURL: string, overrides: Partial<LlmConfig> = {}): LlmConfig {
  return {
    apiKey: 'sk-stub-key',
    baseURL,
    chatModel: 'stub-chat-1',
    embeddingModel: 'stub-embed-1',
    embeddingDimensions: 16,
    maxAttempts: 4,
    initialBackoffMs: 100,
    timeoutMs: 5_000,
    ...overrides,
  };
}

/** Retry collaborators that never wait and remember every requested delay and every log entry. */
export function recordingDeps(): RetryDeps & { delays: number[]; logs: unknown[] } {
  const delays: number[] = [];
  const logs: unknown[] = [];
  return {
    delays,
    logs,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    logger: { warn: (obj: unknown) => logs.push(obj) } as RetryDeps['logger'],
  };
}
