import v8 from 'node:v8';

/**
 * The start script gives `node` a `--max-old-space-size` for the main thread's heap. Besides the
 * ceiling, V8 derives from it how far a heap may grow past what its last full collection left live:
 * 4 × at 2 GiB and above, 1.5 × at 768 MiB. The main thread keeps 40–60 MiB live while clustering
 * a backlog allocates tens of MiB a second, so at 4 × its heap held 150–250 MiB, mostly garbage.
 * The flag would also apply to every worker thread started later: the analyzer thread, which
 * allocates fast, collected so often under it that analysis ran 30 % slower. The main thread's heap
 * is configured by now; clearing the flag leaves each thread to its own `resourceLimits`.
 */
export function keepHeapCapToMainThread(): void {
  v8.setFlagsFromString('--max-old-space-size=0');
}
