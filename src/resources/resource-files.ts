import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The data the domain's rules run on (keyword taxonomies, fitted statistics, model weights) lives in
 * the top-level `resources/` folder, read here at start-up. Its folder is found from this module's own
 * place, so the same code reads it run from the sources (tsx) and from the build (`dist/src/resources`).
 */
export const RESOURCES_DIR = path.join(projectRoot(fileURLToPath(new URL('.', import.meta.url))), 'resources');

/** A data file's parsed content and its version: the digest of its bytes. */
export interface ResourceFile<T> {
  data: T;
  /** `sha256:` and the first 12 hex digits of the SHA-256 of the file's bytes. */
  version: string;
}

/** Reads `resources/<relativePath>` as JSON. */
export function readResource<T>(relativePath: string): ResourceFile<T> {
  const bytes = readFileSync(path.join(RESOURCES_DIR, relativePath));
  return { data: JSON.parse(bytes.toString('utf8')) as T, version: digestOf([bytes]) };
}

/** The version of data made of several files, in order: one digest over their names and bytes. */
export function versionOfFiles(files: readonly { name: string; bytes: Buffer }[]): string {
  return digestOf(files.flatMap(({ name, bytes }) => [Buffer.from(`${name}\u0000`), bytes, Buffer.from('\u0000')]));
}

function digestOf(parts: readonly Buffer[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return `sha256:${hash.digest('hex').slice(0, 12)}`;
}

/** The nearest folder at or above `from` that holds `package.json` and `resources/`. */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'resources'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No resources/ folder above ${from}`);
  }
}
