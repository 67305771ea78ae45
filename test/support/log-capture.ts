import type { DestinationStream } from 'pino';

/** Collects a service's log lines in memory, for tests that read what was logged. */
export class LogCapture implements DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  get text(): string {
    return this.lines.join('');
  }
}
