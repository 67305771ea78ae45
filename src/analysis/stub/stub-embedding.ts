import { fnv1a } from '../../domain/cluster/clustering-vector.js';
import { lexicalTerms } from '../../resources/clustering.js';

export const STUB_EMBEDDING_MODEL = 'stub-hash-512';
export const STUB_EMBEDDING_DIMENSIONS = 512;

/** Weight of the whole text's own slot next to each content word's 1. */
const WHOLE_TEXT_WEIGHT = 0.25;

/**
 * A unit vector of the text's stemmed content words, each hashed (FNV-1a) into one of 512 slots with a
 * sign: texts sharing words are close, texts sharing none are near orthogonal. The whole text adds a
 * lighter slot of its own, so different texts with the same words (`item 1`, `item 2`) are close but not
 * equal, as with a real model, and no vector is zero.
 */
export function stubEmbedding(text: string, language?: string): number[] {
  const vector = new Array<number>(STUB_EMBEDDING_DIMENSIONS).fill(0);
  const add = (term: string, weight: number) => {
    const hash = fnv1a(term);
    vector[hash % STUB_EMBEDDING_DIMENSIONS] += (hash >>> 31 === 1 ? -1 : 1) * weight;
  };
  for (const term of new Set(lexicalTerms(text, language))) add(term, 1);
  add(` ${text.trim().toLowerCase()}`, WHOLE_TEXT_WEIGHT);
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  if (norm === 0) vector[0] = 1;
  return norm === 0 ? vector : vector.map((x) => Number((x / norm).toFixed(6)));
}
