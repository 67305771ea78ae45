// Preloaded into a benchmarked service (`node --import ./test/bench/heap-sampling.mjs`): a first SIGUSR2
// starts V8's sampling heap profiler on the main thread, a second writes what was allocated since, garbage
// included (unlike `--heap-prof`, which keeps only what is still live when the process exits), to
// `$BENCH_HEAP_PROF/main-<pid>-<time>.heapprofile` (open it in Chrome DevTools, Memory tab).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

function sampleOnSignal(dir) {
  const session = new Session();
  session.connect();
  let sampling = false;
  process.on('SIGUSR2', () => {
    sampling = !sampling;
    if (sampling) {
      void session.post('HeapProfiler.enable').then(() =>
        session.post('HeapProfiler.startSampling', {
          samplingInterval: 32 * 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        }),
      );
      return;
    }
    void session.post('HeapProfiler.stopSampling').then(({ profile }) => {
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `main-${process.pid}-${Date.now()}.heapprofile`);
      writeFileSync(`${file}.partial`, JSON.stringify(profile));
      renameSync(`${file}.partial`, file);
    });
  });
}

// Worker threads inherit the preload: only the main thread is sampled.
if (isMainThread) sampleOnSignal(process.env.BENCH_HEAP_PROF);
