import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger.js';

interface ParserError extends Error {
  code?: string;
}

/** Node's parser codes that mean "the request line or headers are too large". */
const TOO_LARGE_CODES = new Set(['HPE_HEADER_OVERFLOW']);
/** The client went away before the request was complete: nobody is left to answer. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'HPE_INVALID_EOF_STATE']);

function problemResponse(problemBase: string, status: number, slug: string, title: string, detail: string): string {
  const body = JSON.stringify({ type: `${problemBase}/${slug}`, title, status, detail });
  return [
    `HTTP/1.1 ${status} ${title}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
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
    const response = TOO_LARGE_CODES.has(code)
      ? problemResponse(problemBase, 431, 'headers-too-large', 'Request Header Fields Too Large', 'The request line or headers exceed 16 KB.')
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? problemResponse(problemBase, 408, 'request-timeout', 'Request Timeout', 'The request did not arrive in time.')
        : problemResponse(problemBase, 400, 'invalid-request', 'Bad Request', 'The request is not well-formed HTTP/1.1.');
    socket.end(response);
  });
}
