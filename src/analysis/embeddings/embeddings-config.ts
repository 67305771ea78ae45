/**
 * Settings of a remote embedding model: any server speaking OpenAI's `POST /v1/embeddings` (Ollama, vLLM,
 * text-embeddings-inference, llama.cpp server, LocalAI, OpenAI). Set apart from the chat model, so the
 * offline analyzer can keep sentiment and type while the vectors come from a multilingual model.
 */
export interface EmbeddingsConfig {
  /** EMBEDDINGS_BASE_URL, e.g. `http://localhost:11434/v1`; `/embeddings` is appended. */
  baseURL: string;
  /** EMBEDDINGS_MODEL: sent as `model` and recorded with every vector. */
  model: string;
  /** EMBEDDINGS_API_KEY: sent as a bearer token when set; local servers need none. */
  apiKey?: string;
  /**
   * EMBEDDINGS_DIMENSIONS: the size every vector must have, also sent as `dimensions` (dropped for good if
   * the server refuses the parameter). Unset: the size of the first answer, which later answers must keep.
   */
  dimensions?: number;
  /** EMBEDDINGS_TIMEOUT_MS: per request. */
  timeoutMs: number;
  /** EMBEDDINGS_BATCH: texts per request. */
  batchSize: number;
  /** EMBEDDINGS_PREFIX: put before every text, e.g. `query: ` for the e5 family. */
  prefix: string;
}

export const EMBEDDINGS_DEFAULTS = { timeoutMs: 30_000, batchSize: 32 } as const;

/** The largest vector pgvector stores (its `vector` type); HNSW indexes stop at 2,000. */
export const MAX_EMBEDDING_DIMENSIONS = 16_000;
