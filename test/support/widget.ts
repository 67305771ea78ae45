import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** The widget's source file, whose bytes GET /widget.js serves. */
export const WIDGET_SOURCE = fileURLToPath(new URL('../../src/widget/widget.js', import.meta.url));

/** The budget for the script as a browser downloads it. */
export const WIDGET_GZIP_BUDGET_BYTES = 15 * 1024;

/** GET {base}/widget.js with raw bytes (fetch would decompress them), as a browser asks for it. */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
