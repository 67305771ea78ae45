import http from 'node:http';
import type { FuzzRequest } from './requests.js';

export interface FuzzResponse {
  status: number;
  contentType: string;
  body: string;
}

export class HangError extends Error {}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one request over real HTTP; a response that does not come within `timeoutMs` is a hang. */
export function send(baseUrl: string, request: FuzzRequest, timeoutMs = 10_000): Promise<FuzzResponse> {
  const url = new URL(baseUrl);
  // Framed explicitly: Node's client sends a DELETE body without a length, which the server would read as the next request.
  const headers = request.body ? { ...request.headers, 'content-length': String(request.body.length) } : request.headers;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new HangError(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

export const closeConnections = () => agent.destroy();
