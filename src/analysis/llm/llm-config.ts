/** Configuration of the LLM analyzer and labeler: any OpenAI-compatible server (OpenAI, Azure, vLLM, Ollama). */
export interface LlmConfig {
  apiKey: string;
  /** Base URL of the OpenAI-compatible API, e.g. `http://localhost:11434/v1`; undefined means api.openai.com. */
  baseURL?: string;
  chatModel: string;
  embeddingModel: string;
  embeddingDimensions: number;
  /** Total attempts per call, first one included. */
  maxAttempts: number;
  /** Backoff before the second attempt; doubles on each further attempt (plus jitter). */
  initialBackoffMs: number;
  /** Per-request timeout. */
  timeoutMs: number;
}

export const LLM_CONFIG_DEFAULTS = {
  chatModel: 'gpt-4o-mini',
  embeddingModel: 'text-embedding-3-small',
  embeddingDimensions: 1536,
  maxAttempts: 4,
  initialBackoffMs: 500,
  timeoutMs: 30_000,
} as const;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates the LLM configuration from environment variables. Pure: takes the env as an argument.
 * Throws an Error naming the offending variable (never echoing the API key).
 *
 * Besides the documented variables, `OPENAI_MAX_ATTEMPTS` and `OPENAI_TIMEOUT_MS` are optional overrides.
 */
export function llmConfigFromEnv(env: Env): LlmConfig {
  const apiKey = value(env, 'OPENAI_API_KEY');
  if (apiKey === undefined) {
    throw new Error('OPENAI_API_KEY is required for the LLM analyzer (servers that ignore it accept any non-empty value)');
  }
  return {
    apiKey,
    baseURL: baseUrl(env, 'OPENAI_BASE_URL'),
    chatModel: modelName(env, 'OPENAI_CHAT_MODEL', LLM_CONFIG_DEFAULTS.chatModel),
    embeddingModel: modelName(env, 'OPENAI_EMBEDDING_MODEL', LLM_CONFIG_DEFAULTS.embeddingModel),
    embeddingDimensions: positiveInt(env, 'OPENAI_EMBEDDING_DIMENSIONS', LLM_CONFIG_DEFAULTS.embeddingDimensions, 65_536),
    maxAttempts: positiveInt(env, 'OPENAI_MAX_ATTEMPTS', LLM_CONFIG_DEFAULTS.maxAttempts, 20),
    initialBackoffMs: LLM_CONFIG_DEFAULTS.initialBackoffMs,
    timeoutMs: positiveInt(env, 'OPENAI_TIMEOUT_MS', LLM_CONFIG_DEFAULTS.timeoutMs, 600_000),
  };
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function baseUrl(env: Env, name: string): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function modelName(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  if (/\s/.test(raw)) throw new Error(`${name} must be a model name without whitespace, got "${raw}"`);
  return raw;
}

function positiveInt(env: Env, name: string, fallback: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < 1 || parsed > max) {
    throw new Error(`${name} must be an integer between 1 and ${max}, got "${raw}"`);
  }
  return parsed;
}
