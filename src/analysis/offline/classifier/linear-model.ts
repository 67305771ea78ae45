/**
 * Linear classifiers over standardised features, in the JSON form the training script writes:
 * a softmax head (one label) and a sigmoid head (any number of labels).
 */

export interface Standardiser {
  mean: number[];
  std: number[];
}

export interface SoftmaxHead {
  labels: string[];
  /** labels.length rows of feature weights. */
  weights: number[][];
  bias: number[];
}

export interface SigmoidHead extends SoftmaxHead {
  /** Per-label probability above which the label is assigned. */
  thresholds: number[];
}

export function standardise(vector: ArrayLike<number>, s: Standardiser): Float64Array {
  const out = new Float64Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = (vector[i] - s.mean[i]) / s.std[i];
  return out;
}

export function logits(head: SoftmaxHead, x: ArrayLike<number>): number[] {
  return head.weights.map((row, k) => {
    let z = head.bias[k];
    for (let i = 0; i < row.length; i++) z += row[i] * x[i];
    return z;
  });
}

export function softmax(z: readonly number[]): number[] {
  const max = Math.max(...z);
  const exps = z.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Probability per label, in the head's label order. */
export function predictSoftmax(head: SoftmaxHead, x: ArrayLike<number>): number[] {
  return softmax(logits(head, x));
}

export function predictSigmoid(head: SigmoidHead, x: ArrayLike<number>): number[] {
  return logits(head, x).map(sigmoid);
}
