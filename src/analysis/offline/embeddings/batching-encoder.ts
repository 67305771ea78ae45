/**
 * Coalesces concurrent embedding requests into batched model calls: requests made in the same
 * tick (e.g. `Promise.all(texts.map(analyze))`) share one forward pass, and model calls never
 * overlap (the wasm backend is single-threaded anyway).
 */
import type { UseLiteEncoder } from './use-lite.js';

interface Pending {
  text: string;
  resolve: (vector: Float32Array) => void;
  reject: (error: unknown) => void;
}

export const MAX_BATCH = 32;

export class BatchingEncoder {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly encoder: UseLiteEncoder) {}

  embed(text: string): Promise<Float32Array> {
    return new Promise((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      if (this.queue.length === 1 && !this.running) setImmediate(() => void this.drain());
    });
  }

  /** Embeds many texts in batches of `MAX_BATCH`, in order. */
  embedMany(texts: readonly string[]): Promise<Float32Array[]> {
    return Promise.all(texts.map((t) => this.embed(t)));
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const vectors = await this.encoder.embedBatch(batch.map((p) => p.text));
          batch.forEach((p, i) => p.resolve(vectors[i]));
        } catch (error) {
          batch.forEach((p) => p.reject(error));
        }
      }
    } finally {
      this.running = false;
    }
  }
}
