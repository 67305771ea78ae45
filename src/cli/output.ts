/** Progress on a terminal rewrites one line; in a pipe or a log it prints a line per step. */
export function progressReporter(label: string, unit = 'events', stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastLine = 0;
  return {
    update(done: number, total?: number) {
      const now = Date.now();
      if (!stream.isTTY && now - lastLine < 1000) return;
      lastLine = now;
      const rate = done / Math.max(0.001, (now - started) / 1000);
      const share = total ? ` / ${total} (${Math.min(100, Math.round((done / Math.max(1, total)) * 100))}%)` : '';
      const line = `${label}: ${done}${share} ${unit}, ${rate.toFixed(0)}/s`;
      stream.write(stream.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
    },
    done(message: string) {
      stream.write(`${stream.isTTY ? '\r\x1b[K' : ''}${label}: ${message} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    },
  };
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * By name as well as by class: a command's code is imported when it runs, and under a loader that
 * instantiates that import apart from the static graph (tsx in the test process), its `UsageError`
 * is another class of the same name.
 */
export const isUsageError = (error: unknown): boolean => error instanceof UsageError || (error instanceof Error && error.name === 'UsageError');
