import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Creates an embedded database directory in a short-lived worker thread. Initialising a PGlite data
 * directory grows its WebAssembly memory by a few hundred MiB, and that memory is never given back while
 * the thread that made it lives; a thread's memory is released when it exits.
 */
export async function createEmbeddedDatabase(dataDir: string, startParams: readonly string[]): Promise<void> {
  const resolve = (name: string) => pathToFileURL(createRequire(import.meta.url).resolve(name)).href;
  const modules = { pglite: resolve('@electric-sql/pglite'), vector: resolve('@electric-sql/pglite-pgvector') };
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { dataDir, startParams, modules } });
  const failure = new Promise<never>((_, reject) => worker.once('error', reject));
  const [code] = await Promise.race([once(worker, 'exit'), failure]);
  if (code !== 0) throw new Error(`creating the embedded database exited with ${code}`);
}

// Plain JavaScript: a worker thread does not inherit the parent's TypeScript loader. A failure is an
// unhandled rejection, which ends the thread with an 'error' event.
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
void (async () => {
  const { PGlite } = await import(workerData.modules.pglite);
  const { vector } = await import(workerData.modules.vector);
  const lite = new PGlite({ dataDir: workerData.dataDir, extensions: { vector }, startParams: workerData.startParams });
  await lite.waitReady;
  await lite.exec('CREATE EXTENSION IF NOT EXISTS vector');
  await lite.close();
})();
`;
