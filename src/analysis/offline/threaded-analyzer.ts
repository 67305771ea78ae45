import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Analysis, Analyzer, Embedding } from '../analyzer.js';
import { OFFLINE_ANALYZER_NAME, USE_LITE_DIMENSIONS, USE_LITE_MODEL } from './offline-model-names.js';
import type { ThreadRequest } from './analyzer-thread.js';
import { AnalyzerPool } from './analyzer-pool.js';

type Pending = { resolve: (value: any) => void; reject: (error: Error) => void };

/**
 * The offline analyzer behind a worker thread: the same results, but inference runs on another
 * core while the main thread keeps serving requests.
 */
export class ThreadedAnalyzer implements Analyzer {
  readonly name = OFFLINE_ANALYZER_NAME;
  readonly embeddingModel = { model: USE_LITE_MODEL, dimensions: USE_LITE_DIMENSIONS };
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
      if (this.pending.size === 0) worker.unref();
    });
    worker.on('error', (error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    });
    // Adding listeners refs the worker again; an idle analyzer must not keep the process alive.
    worker.unref();
  }

  static start(): Promise<ThreadedAnalyzer> {
    const fromSource = import.meta.url.endsWith('.ts');
    const entry = new URL(fromSource ? './analyzer-thread.ts' : './analyzer-thread.js', import.meta.url);
    // Sources run through tsx, which a worker thread does not inherit: register it there first.
    const worker = fromSource
      ? new Worker(`import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`, {
          eval: true,
          resourceLimits,
        })
      : new Worker(entry, { resourceLimits });
    return new Promise((resolve, reject) => {
      worker.once('message', () => resolve(new ThreadedAnalyzer(worker)));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`analyzer thread exited with ${code}`)));
    });
  }

  /** Calls sent to the thread and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  analyze(text: string): Promise<Analysis> {
    return this.call('analyze', text);
  }

  embed(text: string): Promise<Embedding> {
    return this.call('embed', text);
  }

  private call<T>(op: ThreadRequest['op'], text: string): Promise<T> {
    const id = this.nextId++;
    this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, text } satisfies ThreadRequest);
    });
  }
}

/**
 * The thread's young generation: V8 lets it grow to 32 MiB, all of it resident once used, while the
 * thread's short-lived objects (a batch's tokens and tensors' wrappers) take a few MiB; its model
 * weights live outside the JavaScript heap. Its old generation's ceiling is the main thread's default
 * on a large machine, whatever the main thread's own (`main-thread-heap-cap.ts`): below 2 GiB V8 also
 * lets the heap grow less between collections, and this thread then spent 30 % longer per text.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 4096 };

/** tsx's ESM API entry, found from this file (a worker's eval code resolves from the working directory). */
function tsxApiUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(path.join(path.dirname(packageJson), 'dist', 'esm', 'api', 'index.mjs')).href;
}

const shared = new Map<number, Promise<Analyzer>>();

/**
 * The process's offline analyzer on `threads` threads (one by default), started once per thread count.
 * Each thread loads its own models (about 240 MiB); more than one pays off only with idle cores.
 */
export function loadThreadedAnalyzer(threads = 1): Promise<Analyzer> {
  let analyzer = shared.get(threads);
  if (!analyzer) {
    analyzer = startThreads(threads).catch((error: unknown) => {
      shared.delete(threads);
      throw error;
    });
    shared.set(threads, analyzer);
  }
  return analyzer;
}

async function startThreads(threads: number): Promise<Analyzer> {
  if (threads === 1) return ThreadedAnalyzer.start();
  return new AnalyzerPool(await Promise.all(Array.from({ length: threads }, () => ThreadedAnalyzer.start())));
}
