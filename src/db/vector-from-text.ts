import pgvector from 'pgvector';

/**
 * pgvector's text form ('[0.1,-2e-05,...]') as numbers. That form is a JSON array, and `JSON.parse`
 * reads it without the intermediate strings of splitting it (a clustering batch reads hundreds of
 * vectors); the numbers are the same, both reading each component as the nearest double. A
 * non-finite component (never written, but never trusted) is not JSON: it reads as 0.
 */
export function vectorFromText(text: string): number[] {
  try {
    const vector: unknown = JSON.parse(text);
    if (Array.isArray(vector)) return vector as number[];
  } catch {
    // NaN or Infinity among the components: the slow path below.
  }
  return (pgvector.fromSql(text) as number[]).map((value) => (Number.isFinite(value) ? value : 0));
}
