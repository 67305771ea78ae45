import { parseArgs } from 'node:util';
import { createAnalyzer } from '../../analysis/create-analyzer.js';
import type { Runtime } from '../../runtime.js';
import { countStaleEmbeddings, reembedStale } from '../../work/reembed.js';
import { progressReporter } from '../output.js';

export async function reembedCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({ args, options: { project: { type: 'string' } } });
  const analyzer = await createAnalyzer(runtime.config, runtime.logger);
  const model = analyzer.embeddingModel.model;
  const total = await countStaleEmbeddings(runtime.db, model, values.project);
  if (total === 0) {
    print(`Every item already has a ${model} vector.`);
    return;
  }
  const progress = progressReporter(`reembed with ${model}`, 'items');
  const done = await reembedStale(runtime, analyzer, { projectId: values.project, onProgress: (n) => progress.update(n, total) });
  progress.done(`${done} items re-embedded`);
  print(`Re-embedded ${done} items with ${model}; they are clustered again by the workers.`);
}
