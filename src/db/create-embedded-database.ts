import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Creates an embedded database directory in a short-lived child process. Initialising a PGlite data
 * directory grows its WebAssembly memory by a few hundred MiB and the C allocator's heaps by about
 * 50 MiB; a worker thread gave the first back when it exited but not the second, which the service
 * then kept for its whole life. A process gives everything back.
 */
export async function createEmbeddedDatabase(dataDir: string, startParams: readonly string[]): Promise<void> {
  const resolve = (name: string) => pathToFileURL(createRequire(import.meta.url).resolve(name)).href;
  const modules = { pglite: resolve('@electric-sql/pglite'), vector: resolve('@electric-sql/pglite-pgvector') };
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD_SOURCE], {
    env: { ...process.env, CREATE_EMBEDDED_DATABASE: JSON.stringify({ dataDir, startParams, modules }) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`creating the embedded database exited with ${code}: ${errors.trim().slice(-2000)}`);
}

// Plain JavaScript: the child does not inherit the parent's TypeScript loader. A failure is an
// unhandled rejection, which ends the process with a non-zero code and the error on stderr.
const CHILD_SOURCE = `
const { dataDir, startParams, modules } = JSON.parse(process.env.CREATE_EMBEDDED_DATABASE);
const { PGlite } = await import(modules.pglite);
const { vector } = await import(modules.vector);
const lite = new PGlite({ dataDir, extensions: { vector }, startParams });
await lite.waitReady;
await lite.exec('CREATE EXTENSION IF NOT EXISTS vector');
await lite.close();
`;
