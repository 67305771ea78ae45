import { InvalidModelOutputError } from '../llm/llm-error.js';

/**
 * Reads the body of a `POST /embeddings` answer into one vector per input, in input order. Every defect is
 * an `InvalidModelOutputError` naming it (never quoting the body, which may echo the feedback): not JSON,
 * no `data` list, a count other than the inputs', an `index` missing, repeated or out of range, a vector
 * that is not a list of finite numbers or is all zeros (no direction to compare), vectors of unequal size.
 * Entries may come in any order: `index` places them, as the protocol says.
 */
export function readEmbeddingsAnswer(body: string, contentType: string | null, inputs: number): number[][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new InvalidModelOutputError(`answer is not JSON (content-type ${describeType(contentType)})`);
  }
  const data = (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new InvalidModelOutputError('answer has no data list');
  if (data.length !== inputs) throw new InvalidModelOutputError(`answer has ${data.length} vectors for ${inputs} inputs`);
  const vectors = new Array<number[] | undefined>(inputs);
  for (const [position, entry] of data.entries()) {
    const index = (entry as { index?: unknown } | null)?.index;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= inputs) {
      throw new InvalidModelOutputError(`data[${position}] has no valid index`);
    }
    if (vectors[index as number]) throw new InvalidModelOutputError(`index ${index as number} appears twice`);
    vectors[index as number] = readVector((entry as { embedding?: unknown }).embedding, index as number);
  }
  const sizes = new Set(vectors.map((v) => v!.length));
  if (sizes.size > 1) throw new InvalidModelOutputError(`vectors of one answer differ in size (${[...sizes].join(', ')})`);
  return vectors as number[][];
}

function readVector(embedding: unknown, index: number): number[] {
  if (!Array.isArray(embedding) || embedding.length === 0) throw new InvalidModelOutputError(`vector ${index} is not a list of numbers`);
  let norm = 0;
  for (const value of embedding) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidModelOutputError(`vector ${index} holds a value that is not a finite number`);
    norm += value * value;
  }
  if (norm === 0) throw new InvalidModelOutputError(`vector ${index} is all zeros`);
  return embedding as number[];
}

/** The media type alone (no parameters), bounded: enough to tell an HTML error page from JSON. */
function describeType(contentType: string | null): string {
  return (contentType?.split(';')[0].trim() || 'none').slice(0, 60);
}
