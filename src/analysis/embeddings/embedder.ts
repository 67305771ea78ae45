import type { Embedding } from '../analyzer.js';

/** Makes the vectors of one embedding model; an analyzer that is given one takes its vectors from it. */
export interface Embedder {
  /** The model recorded with each vector; `dimensions` is 0 until the size is known (learned from the first answer). */
  readonly embeddingModel: { model: string; dimensions: number };
  embed(text: string): Promise<Embedding>;
}
