import type { EmbeddingsConfig } from './embeddings-config.js';
import { readEmbeddingsAnswer } from './embeddings-answer.js';

/** A non-2xx answer: its status and headers (`Retry-After`) for the retry policy; never its body. */
export class EmbeddingsHttpError extends Error {
  override readonly name = 'EmbeddingsHttpError';
  constructor(
    readonly status: number,
    readonly headers: Headers,
  ) {
    super(`embeddings server answered HTTP ${status}`);
  }
}

/**
 * One `POST {baseURL}/embeddings` for `texts` (already prefixed), bounded by the configured timeout from the
 * request to the last byte of the answer. Resolves one checked vector per text, in input order.
 */
export async function postEmbeddings(config: EmbeddingsConfig, texts: readonly string[], dimensions?: number): Promise<number[][]> {
  const response = await fetch(`${config.baseURL}/embeddings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    // Plain floats: base64, the OpenAI SDK's default, is not served by every compatible server.
    body: JSON.stringify({ model: config.model, input: texts, encoding_format: 'float', ...(dimensions ? { dimensions } : {}) }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  const body = await response.text();
  if (!response.ok) throw new EmbeddingsHttpError(response.status, response.headers);
  return readEmbeddingsAnswer(body, response.headers.get('content-type'), texts.length);
}
