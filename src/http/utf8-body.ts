import { invalidRequest } from '../errors.js';
import { printableSegment } from './well-formed.js';

const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');
const MESSAGE = 'is not valid UTF-8: the request body must be encoded as UTF-8';

/** Length of the longest prefix of `bytes` that is valid UTF-8 (an unfinished character at its end allowed). */
function validPrefixLength(bytes: Uint8Array): number {
  let valid = 0;
  let invalid = bytes.length;
  while (invalid - valid > 1) {
    const middle = (valid + invalid) >>> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, middle), { stream: true });
      valid = middle;
    } catch {
      invalid = middle;
    }
  }
  return valid;
}

/** The path (`metadata.note`, `items.0`) of the first property name or string in `value` that contains `marker`. */
function pathOf(value: unknown, marker: string): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, segment: string) => (path ? `${path}.${segment}` : segment);
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string' && current.includes(marker)) return path || '(body)';
    if (Array.isArray(current)) current.forEach((item, index) => pending.push({ value: item, path: join(path, String(index)) }));
    else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes(marker)) return join(path, printableSegment(key.replace(marker, '')));
        pending.push({ value: inner, path: join(path, printableSegment(key)) });
      }
    }
  }
  return undefined;
}

/**
 * Where the first invalid byte is: a marker is put before it and the (otherwise replaced) text parsed,
 * so the field holding it can be named. The body itself when the marker is not unique or the JSON breaks.
 */
function fieldOfInvalidBytes(bytes: Uint8Array): string {
  const marker = '\u{10FFFD}';
  const at = validPrefixLength(bytes);
  const text = lenient.decode(Buffer.concat([bytes.subarray(0, at), Buffer.from(marker), bytes.subarray(at)]));
  if (text.indexOf(marker) !== text.lastIndexOf(marker)) return '(body)';
  try {
    return pathOf(JSON.parse(text), marker) ?? '(body)';
  } catch {
    return '(body)';
  }
}

/** The body as text; bytes that are not UTF-8 are refused (400 naming the field that holds them), never replaced. */
export function decodeUtf8Body(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    const field = fieldOfInvalidBytes(bytes);
    throw invalidRequest([{ field, message: MESSAGE }], `The request body is not valid UTF-8 (at ${field}).`);
  }
}
