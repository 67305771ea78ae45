import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Callers never pass feedback text or personal data; as a second line of
 * defence the fields that could carry them are censored.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['text', '*.text', 'email', '*.email', 'traits', '*.traits', 'authorization', '*.authorization'], censor: '[redacted]' },
  });
}
