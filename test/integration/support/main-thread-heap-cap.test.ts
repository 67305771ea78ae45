import { spawnSync } from 'node:child_process';
import { expect } from 'chai';

const MiB = 2 ** 20;

/** Heap ceilings, in MiB, of a `node --max-old-space-size=768` main thread and of a worker thread it starts afterwards. */
function ceilings(clearFlag: boolean): { main: number; worker: number } {
  const script = `
    import v8 from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { keepHeapCapToMainThread } from './src/support/main-thread-heap-cap.ts';
    if (${clearFlag}) keepHeapCapToMainThread();
    const worker = new Worker("import v8 from 'node:v8'; import { parentPort } from 'node:worker_threads'; parentPort.postMessage(v8.getHeapStatistics().heap_size_limit);", {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 4096 },
    });
    worker.once('message', (limit) => {
      console.log(JSON.stringify({ main: v8.getHeapStatistics().heap_size_limit / ${MiB}, worker: limit / ${MiB} }));
      process.exit(0);
    });`;
  const run = spawnSync(process.execPath, ['--max-old-space-size=768', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { main: number; worker: number };
}

describe('the main thread heap cap', () => {
  it('caps the main thread alone once the flag is cleared: a worker thread keeps its own resourceLimits', () => {
    const { main, worker } = ceilings(true);
    expect(main).to.be.below(1024);
    expect(worker).to.be.above(4000);
  });

  it('would otherwise cap every worker thread as well (why the flag is cleared)', () => {
    const { main, worker } = ceilings(false);
    expect(main).to.be.below(1024);
    expect(worker).to.be.below(1024);
  });
});
