#!/usr/bin/env node
// Runs the TypeScript sources through tsx in a checkout (never stale), the compiled build otherwise.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = `${root}src/cli/feedbackctl.ts`;
let useSource = false;
if (existsSync(source)) {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    useSource = true;
  } catch {
    // tsx is a development dependency; a production install runs the build.
  }
}
await import(pathToFileURL(useSource ? source : `${root}dist/src/cli/feedbackctl.js`).href);
