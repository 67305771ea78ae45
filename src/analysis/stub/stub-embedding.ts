import { fnv1a, lexicalTerms } from '../../domain/cluster/clustering-vector.js';

export const STUB_EMBEDDING_MODEL = 'stub-hash-512';
export const STUB_EMBEDDING_DIMENSIONS = 512;

/**
 * A unit vector of the text's stemmed content words, each hashed (FNV-1a) into one of 512 slots with a
 * sign: texts sharing words are close, texts sharing none are near orthogonal. A text without content
 * words gets one slot from its whole folded text, so no vector is zero.
 */
export function stubEmbedding(text: string, language?: string): number[] {
  const vector = new Array<number>(STUB_EMBEDDING_DIMENSIONS).fill(0);
  const terms = new Set(lexicalTerms(text, language));
  if (terms.size === 0) terms.add(text.trim().toLowerCase());
  for (const term of terms) {
    const hash = fnv1a(term);
    vector[hash % STUB_EMBEDDING_DIMENSIONS] += hash >>> 31 === 1 ? -1 : 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  if (norm === 0) vector[0] = 1;
  return norm === 0 ? vector : vector.map((x) => Number((x / norm).toFixed(6)));
}
