/** What a log keeps of an error: never a value it quotes, a database detail, its parameters or a key. */
export interface DescribedError {
  type: string;
  code?: string;
  message: string;
  stack?: string;
  /** What the error says caused it (`fetch failed` is caused by the socket's `ECONNREFUSED`). */
  cause?: DescribedError;
  /** The errors an AggregateError gathers (a connection tried on IPv6 and IPv4), the first few. */
  errors?: DescribedError[];
}

const MAX_MESSAGE_CHARS = 500;
const MAX_CAUSE_DEPTH = 3;
const MAX_ERRORS = 5;
const MAX_KEYS = 10;

/** Quoted fragments in an error message are input echoed back (a date, a text, a key): elided. */
export function elideQuoted(message: string): string {
  return message.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"');
}

/** Keys and tokens an error message may carry (an HTTP client echoing its request): only their kind is kept. */
function maskSecrets(message: string): string {
  return message
    .replace(/\b(sk|pk)_(test|live)_[0-9A-Za-z]+/g, '$1_$2_…')
    .replace(/\bwhsec_[A-Za-z0-9+/=]+/g, 'whsec_…')
    .replace(/\bsk-[A-Za-z0-9_-]{8,}/g, 'sk-…')
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 …');
}

const safeMessage = (message: string) => maskSecrets(elideQuoted(message)).slice(0, MAX_MESSAGE_CHARS);

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** An Error, or one from another realm (a worker thread, a vm context) that `instanceof` does not recognise. */
function isErrorLike(value: unknown): value is ErrorLike {
  if (value instanceof Error) return true;
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.message === 'string' && (typeof candidate.stack === 'string' || typeof candidate.name === 'string');
}

function typeOf(value: object): string {
  const constructorName = (value as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof constructorName === 'string' && constructorName !== '' && constructorName !== 'Object') return constructorName;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name.slice(0, 100) : 'Object';
}

/** A `code` worth keeping: short text (`ECONNREFUSED`, `23505`) or a number (an errno). */
function codeOf(value: { code?: unknown }): string | undefined {
  const { code } = value;
  if (typeof code === 'string' && code.length <= 50) return maskSecrets(code);
  if (typeof code === 'number' && Number.isFinite(code)) return String(code);
  return undefined;
}

/** The stack's frames, without the first line, which repeats the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return frames || undefined;
}

/** What an error points to beyond itself: its cause and, for an AggregateError, the errors it gathers. */
function related(value: { cause?: unknown; errors?: unknown }, depth: number): Pick<DescribedError, 'cause' | 'errors'> {
  if (depth >= MAX_CAUSE_DEPTH) return {};
  const out: Pick<DescribedError, 'cause' | 'errors'> = {};
  if (value.cause !== undefined && value.cause !== value) out.cause = describeAt(value.cause, depth + 1);
  if (Array.isArray(value.errors) && value.errors.length > 0) out.errors = value.errors.slice(0, MAX_ERRORS).map((inner) => describeAt(inner, depth + 1));
  return out;
}

/** A thrown object that is not an error: its kind, its code and message when it has them, else the names of its keys. */
function describeObject(value: object, depth: number): DescribedError {
  const record = value as Record<string, unknown>;
  const code = codeOf(record);
  const message =
    typeof record.message === 'string'
      ? safeMessage(record.message)
      : `a thrown ${Array.isArray(value) ? 'array' : 'object'} that is not an Error (keys: ${
          Object.keys(value)
            .slice(0, MAX_KEYS)
            .map((key) => key.slice(0, 40))
            .join(', ') || 'none'
        })`;
  return { type: typeOf(value), ...(code ? { code } : {}), message, ...related(record, depth) };
}

function describeAt(error: unknown, depth: number): DescribedError {
  if (isErrorLike(error)) {
    const code = codeOf(error);
    const stack = depth === 0 ? framesOf(error.stack) : undefined;
    return {
      type: typeOf(error),
      ...(code ? { code } : {}),
      message: safeMessage(error.message),
      ...(stack ? { stack } : {}),
      ...related(error, depth),
    };
  }
  if (typeof error === 'string') return { type: 'string', message: safeMessage(error) };
  if (error === null) return { type: 'null', message: 'null was thrown' };
  if (error === undefined) return { type: 'undefined', message: 'undefined was thrown' };
  if (typeof error === 'object') return describeObject(error, depth);
  if (typeof error === 'function') return { type: 'function', message: 'a function was thrown' };
  if (typeof error === 'symbol') return { type: 'symbol', message: safeMessage(error.toString()) };
  return { type: typeof error, message: String(error as number | boolean | bigint) };
}

/**
 * Serialises whatever was thrown for the log: an error's class, code, message with quoted values
 * and keys elided, the stack's frames, and what caused it (`cause`, an AggregateError's `errors`),
 * a few levels deep; a string, an object or another value by its kind and what it safely says.
 * PostgreSQL's `detail`, `where`, `hint` and the query parameters are dropped, since they can quote
 * feedback text.
 */
export function describeError(error: unknown): DescribedError {
  return describeAt(error, 0);
}

/** One line: `Type [code]: message`, then the causes after `<-`. */
function oneLine(described: DescribedError): string {
  const head = `${described.type}${described.code ? ` [${described.code}]` : ''}: ${described.message}`;
  const causes = [...(described.cause ? [described.cause] : []), ...(described.errors ?? [])];
  return causes.length === 0 ? head : `${head} <- ${causes.map(oneLine).join('; ')}`;
}

/**
 * What a failed job or parked event records of its error (work tables and logs never hold
 * feedback text): `describeError` on one line, with any known copy of the text masked before
 * (a parser's message quotes its input, which could be a model's echo of feedback text).
 */
export function describeFailure(error: unknown, text?: string): string {
  const masked = text ? maskText(error, text) : error;
  return oneLine(describeError(masked)).slice(0, 300);
}

/** The error with `text` replaced by `[text]` in its message (a copy: the thrown value is not changed). */
function maskText(error: unknown, text: string): unknown {
  const mask = (message: string) => message.split(text).join('[text]');
  if (typeof error === 'string') return mask(error);
  if (!isErrorLike(error)) return error;
  return {
    name: typeOf(error),
    message: mask(error.message),
    code: error.code,
    cause: error.cause === undefined ? undefined : maskText(error.cause, text),
    errors: Array.isArray(error.errors) ? error.errors.map((inner) => maskText(inner, text)) : undefined,
    stack: '',
  };
}
