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
  for (const value of vector) squares += value * value;
  if (squares === 0) return [...vector];
  const norm = Math.sqrt(squares);
  return vector.map((value) => value / norm);
}
