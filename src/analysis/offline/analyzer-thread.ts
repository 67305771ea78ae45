// Runs the offline analyzer on its own thread, so model inference never blocks the HTTP event loop.
import { parentPort } from 'node:worker_threads';
import { loadOfflineAnalyzer } from './index.js';

export interface ThreadRequest {
  id: number;
  op: 'analyze' | 'embed';
  text: string;
}

const port = parentPort!;
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
