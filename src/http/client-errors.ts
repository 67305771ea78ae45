import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger.js';

interface ParserError extends Error {
  code?: string;
  /** The bytes the parser had read, when it had any. */
  rawPacket?: Buffer;
}

/** Node's parser codes that mean "the request line or headers are too large". */
const TOO_LARGE_CODES = new Set(['HPE_HEADER_OVERFLOW']);
/** The client went away before the request was complete: nobody is left to answer. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'HPE_INVALID_EOF_STATE']);

interface Problem {
  status: number;
  slug: string;
  title: string;
  detail: string;
}

/** The answer's bytes; the answer to a HEAD request has the headers of the body but not the body. */
function problemResponse(problemBase: string, { status, slug, title, detail }: Problem, head: boolean): string {
  const body = JSON.stringify({ type: `${problemBase}/${slug}`, title, status, detail });
  return [
    `HTTP/1.1 ${status} ${title}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    head ? '' : body,
  ].join('\r\n');
}

function problemFor(code: string): Problem {
  if (TOO_LARGE_CODES.has(code)) {
    return { status: 431, slug: 'headers-too-large', title: 'Request Header Fields Too Large', detail: 'The request line or headers exceed 16 KB.' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, slug: 'request-timeout', title: 'Request Timeout', detail: 'The request did not arrive in time.' };
  return { status: 400, slug: 'invalid-request', title: 'Bad Request', detail: 'The request is not well-formed HTTP/1.1.' };
}

/**
 * Requests Node's HTTP parser refuses before Koa sees them (headers or URL too large, malformed
 * request lines) are answered as problem+json like every other 4xx, and logged as one structured
 * line without the request's bytes. A socket the client already closed is only logged.
 */
export function answerClientErrors(server: Server, problemBase: string, logger: Logger): void {
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const code = error.code ?? 'unknown';
    if (CLIENT_GONE_CODES.has(code) || !socket.writable) {
      logger.info({ code }, 'client closed the connection mid-request');
      socket.destroy();
      return;
    }
    logger.info({ code }, 'request refused by the HTTP parser');
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(problemResponse(problemBase, problemFor(code), head));
  });
}
