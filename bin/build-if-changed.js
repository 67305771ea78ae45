#!/usr/bin/env node
// Compiles the TypeScript only when the sources differ from the last build (`npm run build`, and
// `npm start` before it runs the build), so a checkout built once starts without the compiler.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_FOLDERS = ['src', 'commands', 'queries', 'projections'];
const BUILD_INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
const digestFile = join(root, 'dist', '.sources-digest');
export const BUILT_ENTRY = join(root, 'dist', 'src', 'main.js');

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** A digest of every file the build reads: any edit, addition, removal or rename changes it. */
function sourcesDigest() {
  const files = [...SOURCE_FOLDERS.flatMap((folder) => [...filesUnder(join(root, folder))]), ...BUILD_INPUTS.map((name) => join(root, name))];
  const hash = createHash('sha256');
  for (const file of files.filter(existsSync).sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Builds when needed; exits the process with the compiler's output when the build fails. */
export function buildIfSourcesChanged() {
  const digest = sourcesDigest();
  if (existsSync(BUILT_ENTRY) && existsSync(digestFile) && readFileSync(digestFile, 'utf8') === digest) return;
  process.stderr.write('Building the service (first start, or the sources changed since the last build)…\n');
  const started = Date.now();
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (tsc.status !== 0) {
    process.stderr.write('The build failed; see the compiler output above.\n');
    process.exit(1);
  }
  writeFileSync(digestFile, digest);
  process.stderr.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfSourcesChanged();
