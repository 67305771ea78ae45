import type { ImportProgress } from './import-feedback-file.js';

/** Without a terminal, one line per this many rows. */
const ROWS_PER_LINE = 100_000;

const duration = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`
    : seconds >= 60
      ? `${Math.round(seconds / 60)} min`
      : `${Math.ceil(seconds)} s`;

/** Rows, rows per second and the time left (estimated from the bytes read). */
function describeProgress(progress: ImportProgress, started: number, now: number): string {
  const seconds = Math.max(0.001, (now - started) / 1000);
  const rate = progress.rows / seconds;
  const share = progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : 1;
  const eta = share > 0 && share < 1 ? `, about ${duration((seconds * (1 - share)) / share)} left` : '';
  return `import: ${progress.rows.toLocaleString('en')} rows, ${Math.round(rate).toLocaleString('en')} rows/s, ${Math.round(share * 100)}%${eta}`;
}

/** The progress line, rewritten in place on a terminal at most 5 times a second; elsewhere a line every 100,000 rows. */
export function importProgress(stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastDrawn = 0;
  let lastLineRows = 0;
  return (progress: ImportProgress) => {
    const now = Date.now();
    if (stream.isTTY ? now - lastDrawn < 200 : progress.rows - lastLineRows < ROWS_PER_LINE) return;
    lastDrawn = now;
    lastLineRows = progress.rows;
    const line = describeProgress(progress, started, now);
    stream.write(stream.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  };
}

/** The progress line handed to `send` at most every `everyMs`: an import run by the service, shown by the client. */
export function importProgressNotices(send: (line: string) => void, everyMs = 1000) {
  const started = Date.now();
  let lastSent = started;
  return (progress: ImportProgress) => {
    const now = Date.now();
    if (now - lastSent < everyMs) return;
    lastSent = now;
    send(describeProgress(progress, started, now));
  };
}

export function clearProgress(stream: NodeJS.WriteStream = process.stderr): void {
  if (stream.isTTY) stream.write('\r\x1b[K');
}
