import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import type { LlmConfig } from './llm-config.js';

// Reasoning models (o1, o3, gpt-5…) reject any temperature but the default.
const acceptsTemperature = (model: string) => !/^o\d/.test(model) && !(model.startsWith('gpt-5') && !model.startsWith('gpt-5-chat'));

/** A chat model with langchain's own retries disabled: the retry policy is ours (see retry.ts). */
export function createChatModel(config: LlmConfig): ChatOpenAI {
  return new ChatOpenAI({
    model: config.chatModel,
    apiKey: config.apiKey,
    configuration: { baseURL: config.baseURL },
    timeout: config.timeoutMs,
    maxRetries: 0,
    ...(acceptsTemperature(config.chatModel) ? { temperature: 0 } : {}),
  });
}

export function createEmbeddings(config: LlmConfig): OpenAIEmbeddings {
  return new OpenAIEmbeddings({
    model: config.embeddingModel,
    dimensions: config.embeddingDimensions,
    apiKey: config.apiKey,
    configuration: { baseURL: config.baseURL },
    timeout: config.timeoutMs,
    maxRetries: 0,
    // Plain JSON floats: the SDK's default (base64) is not supported by every OpenAI-compatible server.
    encodingFormat: 'float',
  });
}
