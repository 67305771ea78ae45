/** What a log keeps of an error: never a value it quotes, a database detail, or its parameters. */
export interface DescribedError {
  type: string;
  code?: string;
  message: string;
  stack?: string;
}

/** Quoted fragments in an error message are input echoed back (a date, a text, a key): elided. */
export function elideQuoted(message: string): string {
  return message.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"');
}

/**
 * Serialises an error for the log: its class, code, message with quoted values elided, and the
 * stack's frames (without the first line, which repeats the message). PostgreSQL's `detail`,
 * `where`, `hint` and the query parameters are dropped, since they can quote feedback text.
 */
export function describeError(error: unknown): DescribedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)' };
  const code = (error as { code?: unknown }).code;
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return {
    type: error.constructor?.name || error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: elideQuoted(error.message).slice(0, 500),
    ...(frames ? { stack: frames } : {}),
  };
}

/**
 * What a failed job or parked event records of its error (work tables and logs never hold
 * feedback text): the class and the message with quoted fragments elided (a parser's message
 * quotes its input, which could be a model's echo of feedback text) and any known copy of the
 * text masked.
 */
export function describeFailure(error: unknown, text?: string): string {
  const name = error instanceof Error ? error.constructor.name || error.name : typeof error;
  let message = error instanceof Error ? error.message : '';
  if (text) message = message.split(text).join('[text]');
  return `${name}: ${elideQuoted(message)}`.slice(0, 300);
}
