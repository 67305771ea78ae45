import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (ops/install-chromium.sh); playwright-core drives it and never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless Chromium as root in a container: no sandbox (needs user namespaces), no /dev/shm (often 64 MB), no GPU. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run "bash ops/install-chromium.sh" (Debian's chromium package).`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] });
}

export interface HostPageServer {
  /** `http://127.0.0.1:<port>`: an origin of its own, other than the service's. */
  origin: string;
  close(): Promise<void>;
}

/**
 * A customer's web site on its own loopback port: every path answers the given page. The page may
 * use `{key}` and `{base}`; `{key}` is the `key` query parameter of the request.
 */
export async function startHostPageServer(page: (key: string) => string, headers: Record<string, string> = {}): Promise<HostPageServer> {
  const server = http.createServer((request, response) => {
    const key = new URL(request.url ?? '/', 'http://host').searchParams.get('key') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
    response.end(page(key));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
