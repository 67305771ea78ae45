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
  const emitter: NodeJS.EventEmitter = process;
  const events = ['uncaughtException', 'unhandledRejection'];
  const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
  try {
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  } finally {
    for (const event of events) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  tf.enableProdMode();
}
