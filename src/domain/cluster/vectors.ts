/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

export function addVectors(a: readonly number[], b: readonly number[], sign: 1 | -1 = 1): number[] {
  return a.map((value, i) => value + sign * b[i]);
}

/** The vector scaled to length 1 (all zeros stays as it is). */
export function unitVector(vector: readonly number[]): number[] {
  let squares = 0;
  for (let i = 0; i < vector.length; i++) squares += vector[i] * vector[i];
  if (squares === 0) return vector.slice();
  const norm = Math.sqrt(squares);
  const unit = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) unit[i] = vector[i] / norm;
  return unit;
}

/** The blocks one after the other, each multiplied by its weight: `[...a.map((x) => wa * x), ...b.map((x) => wb * x)]` without the copies between. */
export function weightedConcat(blocks: readonly (readonly [vector: readonly number[], weight: number])[]): number[] {
  let length = 0;
  for (const [vector] of blocks) length += vector.length;
  const joined = new Array<number>(length);
  let at = 0;
  for (const [vector, weight] of blocks) for (let i = 0; i < vector.length; i++) joined[at++] = weight * vector[i];
  return joined;
}
