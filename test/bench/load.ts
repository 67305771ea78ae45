import http from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
  statuses: Record<number, number>;
}

export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Sends `total` requests over `concurrency` keep-alive connections and measures each one. With
 * several base URLs (API nodes), the connections are spread over them evenly.
 */
export async function runLoad(
  baseUrl: string | string[],
  total: number,
  concurrency: number,
  makeRequest: (i: number, node: number) => LoadRequest,
): Promise<LoadResult> {
  const urls = (Array.isArray(baseUrl) ? baseUrl : [baseUrl]).map((u) => new URL(u));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const send = (url: URL, request: LoadRequest) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers: request.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      // A kept-alive socket the server closed just as it was reused: send again (Node's documented remedy).
      req.on('error', (error: NodeJS.ErrnoException) =>
        req.reusedSocket && error.code === 'ECONNRESET' ? send(url, request).then(resolve, reject) : reject(error),
      );
      req.end(request.body);
    });
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, connection) => {
      const node = connection % urls.length;
      while (next < total) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        const status = await send(urls[node], makeRequest(i, node));
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: total, seconds, perSecond: total / seconds, p50ms: percentile(latencies, 50), p99ms: percentile(latencies, 99), statuses };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** Sends requests over `concurrency` keep-alive connections for `ms` and counts the answers that came back within it, per second. */
export async function requestsPerSecondFor(baseUrl: string, ms: number, concurrency: number, makeRequest: () => LoadRequest): Promise<number> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();
  const until = started + ms;
  let answered = 0;
  const send = (request: LoadRequest) =>
    new Promise<void>((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers: request.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (performance.now() <= until) answered++;
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end(request.body);
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) await send(makeRequest());
    }),
  );
  agent.destroy();
  return (answered * 1000) / ms;
}
