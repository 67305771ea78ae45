import { pino, type DestinationStream, type Logger } from 'pino';
import { describeError } from './support/describe-error.js';

export type { Logger };

/**
 * Structured JSON logs. Callers never pass feedback text or personal data; as a second line of
 * defence the fields that could carry them are censored, and errors are serialised without the
 * database's detail, parameters or quoted values (`describeError`).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: describeError, error: describeError },
    redact: { paths: ['text', '*.text', 'email', '*.email', 'traits', '*.traits', 'authorization', '*.authorization'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
