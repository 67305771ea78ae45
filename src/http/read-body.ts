import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';
import { invalidRequest, payloadTooLarge } from '../errors.js';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Reads a JSON body without ever holding more than `limit` bytes: a declared length over the
 * limit is refused before reading, and a stream that grows past it is cut off.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // drain and discard so the connection can answer
    throw payloadTooLarge(limit);
  }
  const contentType = String(req.headers['content-type'] ?? '');
  let raw: string;
  try {
    raw = await getRawBody(req, { limit, encoding: 'utf8' });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') throw payloadTooLarge(limit);
    throw invalidRequest([], 'The request body could not be read.');
  }
  if (raw.length === 0) throw invalidRequest([{ field: '(body)', message: 'a JSON body is required' }]);
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw invalidRequest([{ field: 'Content-Type', message: 'must be application/json' }]);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidRequest([{ field: '(body)', message: 'is not valid JSON' }], 'The request body is not valid JSON.');
  }
}
