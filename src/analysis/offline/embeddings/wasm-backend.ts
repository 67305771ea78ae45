/**
 * Starts tfjs on the WebAssembly backend with the .wasm binaries read from the local
 * `@tensorflow/tfjs-backend-wasm/dist` folder (never fetched). Idempotent.
 */
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let ready: Promise<void> | undefined;

export function initWasmBackend(): Promise<void> {
  ready ??= start();
  return ready;
}

async function start(): Promise<void> {
  const wasmFile = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  setWasmPaths(path.dirname(wasmFile) + path.sep);
  // The Emscripten glue registers process-wide handlers that rethrow every uncaught exception
  // and unhandled rejection; they would change the host's error handling, so remove them.
  const events = ['uncaughtException', 'unhandledRejection'] as const;
  const before = new Map(events.map((event) => [event, process.listeners(event) as unknown[]]));
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  } finally {
    for (const event of events) {
      for (const listener of process.listeners(event) as ((...args: unknown[]) => void)[]) {
        if (!before.get(event)?.includes(listener)) process.removeListener(event, listener);
      }
    }
  }
  tf.enableProdMode();
}
