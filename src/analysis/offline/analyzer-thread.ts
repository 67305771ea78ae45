// Runs the offline analyzer on its own thread, so model inference never blocks the HTTP event loop.
import { parentPort } from 'node:worker_threads';
import { loadOfflineAnalyzer } from './index.js';
import { lowerThisThreadsPriority } from './thread-priority.js';

export interface ThreadRequest {
  id: number;
  op: 'analyze' | 'embed';
  text: string;
}

const port = parentPort!;
// Before the model loads: loading and inference take a core whenever they can, and on a machine
// with two the thread serving HTTP would otherwise share one with them.
lowerThisThreadsPriority();
const analyzer = await loadOfflineAnalyzer();
port.postMessage({ ready: true });
port.on('message', async (request: ThreadRequest) => {
  try {
    const result = request.op === 'analyze' ? await analyzer.analyze(request.text) : await analyzer.embed(request.text);
    port.postMessage({ id: request.id, result });
  } catch (error) {
    port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
