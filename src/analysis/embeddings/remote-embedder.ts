import type { Logger } from 'pino';
import type { Embedding } from '../analyzer.js';
import { httpStatus, InvalidModelOutputError } from '../llm/llm-error.js';
import { withRetry, type RetryDeps, type RetryPolicy } from '../llm/retry.js';
import type { Embedder } from './embedder.js';
import type { EmbeddingsConfig } from './embeddings-config.js';
import { postEmbeddings } from './embeddings-request.js';

/** The server answered with vectors of another size than the model's: nothing of that answer is used. */
export class EmbeddingSizeError extends InvalidModelOutputError {
  constructor(
    readonly expected: number,
    readonly got: number,
  ) {
    super(`embedding has ${got} dimensions, expected ${expected}`);
  }
}

export interface RemoteEmbedderDeps extends RetryDeps {
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** Attempts per request, the first included (default 3); after the last, every text of the batch fails. */
  maxAttempts?: number;
  initialBackoffMs?: number;
  /** Upper bound of one wait, a server's Retry-After included (default 30 s). */
  maxBackoffMs?: number;
}

interface Pending {
  text: string;
  resolve: (embedding: Embedding) => void;
  reject: (error: unknown) => void;
}

/** Requests in flight at once: one per analysis batch a worker keeps going. */
const MAX_CONCURRENT_REQUESTS = 2;

/**
 * Vectors from an OpenAI-compatible `/embeddings` endpoint. Texts asked for together (a worker's batch) go
 * in one request of at most `batchSize`; a request is retried on 429 (after its Retry-After, bounded), 5xx,
 * timeouts, connection errors and unusable answers, and after its last attempt every text of it fails, so
 * the analysis job is retried later: no vector is ever made up or taken from another model.
 *
 * A plain fetch client rather than langchain's OpenAIEmbeddings: that one reads `data` in array order
 * without checking count or `index`, hides the answer's status and headers behind its own retries, and
 * would load the OpenAI SDK for the offline analyzer.
 */
export class RemoteEmbedder implements Embedder {
  private size: number | undefined;
  private sendDimensions: boolean;
  private readonly policy: RetryPolicy;
  private readonly logger?: Pick<Logger, 'warn' | 'error'>;
  private queue: Pending[] = [];
  private inFlight = 0;
  private sizeErrorLogged = false;

  constructor(
    private readonly config: EmbeddingsConfig,
    deps: RemoteEmbedderDeps = {},
  ) {
    this.size = config.dimensions;
    this.sendDimensions = config.dimensions !== undefined;
    this.logger = deps.logger;
    this.policy = {
      maxAttempts: deps.maxAttempts ?? 3,
      initialBackoffMs: deps.initialBackoffMs ?? 500,
      maxBackoffMs: deps.maxBackoffMs ?? 30_000,
      sleep: deps.sleep,
      random: deps.random,
      logger: deps.logger,
    };
  }

  get embeddingModel(): { model: string; dimensions: number } {
    return { model: this.config.model, dimensions: this.size ?? 0 };
  }

  embed(text: string): Promise<Embedding> {
    return new Promise((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.drain());
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.inFlight < MAX_CONCURRENT_REQUESTS) {
      const batch = this.queue.splice(0, this.config.batchSize);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      const texts = batch.map((p) => this.config.prefix + p.text);
      const vectors = await withRetry('embedding', this.policy, () => this.request(texts));
      batch.forEach((p, i) => p.resolve({ model: this.config.model, dimensions: vectors[i].length, vector: vectors[i] }));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }

  private async request(texts: string[]): Promise<number[][]> {
    let vectors: number[][];
    try {
      vectors = await postEmbeddings(this.config, texts, this.sendDimensions ? this.config.dimensions : undefined);
    } catch (error) {
      if (!this.sendDimensions || !refusesParameters(error)) throw error;
      // Servers without Matryoshka support refuse `dimensions`: the size is still checked on every answer.
      this.sendDimensions = false;
      this.logger?.warn(
        { model: this.config.model, status: httpStatus(error) },
        'embeddings server refused the dimensions parameter; sending requests without it',
      );
      vectors = await postEmbeddings(this.config, texts);
    }
    this.checkSize(vectors[0].length);
    return vectors;
  }

  /** The first answer fixes the size when EMBEDDINGS_DIMENSIONS does not; a server that changes it is refused. */
  private checkSize(got: number): void {
    if (this.size === undefined) this.size = got;
    if (got === this.size) return;
    if (!this.sizeErrorLogged) {
      this.sizeErrorLogged = true;
      this.logger?.error(
        { model: this.config.model, expected: this.size, got },
        'embeddings server answered vectors of the wrong size; items stay queued. Check EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS',
      );
    }
    throw new EmbeddingSizeError(this.size, got);
  }
}

/** 400 or 422: the request's parameters were refused (not a key, route or rate problem). */
const refusesParameters = (error: unknown) => httpStatus(error) === 400 || httpStatus(error) === 422;
