import type { IncomingMessage } from 'node:http';
import { invalidRequest, payloadTooLarge } from './app-error.js';
import { decodeUtf8Body } from './utf8-body.js';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

const unreadable = () => invalidRequest([], 'The request body could not be read.');

/**
 * The body's bytes, never more than `limit`: a stream that grows past it is cut off. When `deadline`
 * aborts, reading stops and its reason (the problem to answer) is thrown.
 */
export function readBytes(req: IncomingMessage, limit: number, deadline: AbortSignal | undefined): Promise<Buffer> {
  if (deadline?.aborted) return Promise.reject(deadline.reason);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: unknown) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      deadline?.removeEventListener('abort', onAbort);
      if (error === undefined) {
        resolve(Buffer.concat(chunks, size));
        return;
      }
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(payloadTooLarge(limit));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(undefined);
    const onError = () => finish(unreadable());
    const onClose = () => finish(unreadable());
    const onAbort = () => finish(deadline!.reason);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
    deadline?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The raw body bytes (a signed body is verified over exactly these), at most `limit` of them; a larger declared length is refused unread. */
export async function readRawBody(req: IncomingMessage, limit: number, deadline?: AbortSignal): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw payloadTooLarge(limit);
  }
  return readBytes(req, limit, deadline);
}

/**
 * Reads a JSON body without ever holding more than `limit` bytes: a declared length over the
 * limit is refused before reading. The bytes must be UTF-8: nothing is replaced silently.
 */
export async function readJsonBody(req: IncomingMessage, limit: number, deadline?: AbortSignal): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // drain and discard so the connection can answer
    throw payloadTooLarge(limit);
  }
  const contentType = String(req.headers['content-type'] ?? '');
  const bytes = await readBytes(req, limit, deadline);
  if (bytes.length === 0) throw invalidRequest([{ field: '(body)', message: 'a JSON body is required' }]);
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw invalidRequest([{ field: 'Content-Type', message: 'must be application/json' }]);
  }
  const raw = decodeUtf8Body(bytes);
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidRequest([{ field: '(body)', message: 'is not valid JSON' }], 'The request body is not valid JSON.');
  }
}
