import { seededRandom } from '../../../support/seeded-random.js';

export { seededRandom };
/**
 * Gradient-descent training (Adam, L2, seeded mini-batches) for the heads in `linear-model.ts`.
 * Plain TypeScript: the data sets are a few hundred examples.
 */
import { logits, sigmoid, softmax, type SigmoidHead, type SoftmaxHead, type Standardiser } from './linear-model.js';

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  batchSize: number;
  seed: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = { epochs: 200, learningRate: 0.01, l2: 0.01, batchSize: 32, seed: 7 };

export function fitStandardiser(rows: readonly Float64Array[]): Standardiser {
  const d = rows[0].length;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const r of rows) for (let i = 0; i < d; i++) mean[i] += r[i] / rows.length;
  for (const r of rows) for (let i = 0; i < d; i++) std[i] += (r[i] - mean[i]) ** 2 / rows.length;
  return { mean, std: std.map((v) => Math.sqrt(v) || 1) };
}

/**
 * Shared loop: `gradient(row, z)` returns dLoss/dlogit per output for one example.
 * `sampleWeight` lets rare classes count more.
 */
function fit(
  x: readonly Float64Array[],
  outputs: number,
  gradient: (row: number, z: number[]) => number[],
  options: TrainOptions,
): { weights: number[][]; bias: number[] } {
  const d = x[0].length;
  const w = Array.from({ length: outputs }, () => new Float64Array(d));
  const b = new Float64Array(outputs);
  const mW = w.map(() => new Float64Array(d));
  const vW = w.map(() => new Float64Array(d));
  const mB = new Float64Array(outputs);
  const vB = new Float64Array(outputs);
  const random = seededRandom(options.seed);
  const order = x.map((_, i) => i);
  const [beta1, beta2, eps] = [0.9, 0.999, 1e-8];
  let step = 0;
  const head = { weights: w as unknown as number[][], bias: b as unknown as number[], labels: [] };

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < order.length; start += options.batchSize) {
      const batch = order.slice(start, start + options.batchSize);
      const gW = w.map(() => new Float64Array(d));
      const gB = new Float64Array(outputs);
      for (const row of batch) {
        const g = gradient(row, logits(head, x[row]));
        for (let k = 0; k < outputs; k++) {
          if (g[k] === 0) continue;
          gB[k] += g[k] / batch.length;
          const xr = x[row];
          const gk = gW[k];
          for (let i = 0; i < d; i++) gk[i] += (g[k] * xr[i]) / batch.length;
        }
      }
      step++;
      const lr = (options.learningRate * Math.sqrt(1 - beta2 ** step)) / (1 - beta1 ** step);
      for (let k = 0; k < outputs; k++) {
        for (let i = 0; i < d; i++) {
          const g = gW[k][i] + options.l2 * w[k][i];
          mW[k][i] = beta1 * mW[k][i] + (1 - beta1) * g;
          vW[k][i] = beta2 * vW[k][i] + (1 - beta2) * g * g;
          w[k][i] -= (lr * mW[k][i]) / (Math.sqrt(vW[k][i]) + eps);
        }
        mB[k] = beta1 * mB[k] + (1 - beta1) * gB[k];
        vB[k] = beta2 * vB[k] + (1 - beta2) * gB[k] * gB[k];
        b[k] -= (lr * mB[k]) / (Math.sqrt(vB[k]) + eps);
      }
    }
  }
  return { weights: w.map((row) => Array.from(row)), bias: Array.from(b) };
}

/** Multinomial logistic regression; classes are weighted inversely to their frequency. */
export function trainSoftmax(
  x: readonly Float64Array[],
  y: readonly number[],
  labels: readonly string[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
): SoftmaxHead {
  const counts = labels.map((_, k) => y.filter((v) => v === k).length);
  const classWeight = counts.map((c) => (c === 0 ? 0 : y.length / (labels.length * c)));
  const { weights, bias } = fit(
    x,
    labels.length,
    (row, z) => {
      const p = softmax(z);
      return p.map((pk, k) => classWeight[y[row]] * (pk - (k === y[row] ? 1 : 0)));
    },
    options,
  );
  return { labels: [...labels], weights, bias };
}

/** Independent logistic regressions, one per label; positives weighted up when rare. */
export function trainSigmoid(
  x: readonly Float64Array[],
  y: readonly boolean[][],
  labels: readonly string[],
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
  threshold = 0.5,
): SigmoidHead {
  const positives = labels.map((_, k) => y.filter((row) => row[k]).length);
  const positiveWeight = positives.map((p) => Math.min(5, Math.max(1, (y.length - p) / Math.max(p, 1) / 2)));
  const { weights, bias } = fit(
    x,
    labels.length,
    (row, z) => z.map((zk, k) => (sigmoid(zk) - (y[row][k] ? 1 : 0)) * (y[row][k] ? positiveWeight[k] : 1)),
    options,
  );
  return { labels: [...labels], weights, bias, thresholds: labels.map(() => threshold) };
}
