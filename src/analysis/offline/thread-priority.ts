import os from 'node:os';

/**
 * The nice value of the analyzer's threads: when they and the thread serving requests want the same
 * core, the kernel gives the analyzer about a tenth of it; a core nobody else wants it still uses whole.
 */
export const ANALYZER_THREAD_NICE = 10;

/**
 * Lowers the calling thread's scheduling priority, and only its own: on Linux the nice value belongs to
 * a thread, and `setPriority` without a process id sets the caller's. Elsewhere it would set the whole
 * process's, so there (and where it fails) the thread runs at the process's priority.
 */
export function lowerThisThreadsPriority(nice = ANALYZER_THREAD_NICE): void {
  if (process.platform !== 'linux') return;
  try {
    if (os.getPriority() < nice) os.setPriority(nice);
  } catch {
    // The analyzer works the same at the process's priority.
  }
}
