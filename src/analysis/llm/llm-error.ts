/**
 * Failure codes of a call to an OpenAI-compatible server. They are short, fixed codes that are safe to log and
 * to record in events: they never carry a provider message or any part of the feedback text.
 */
export const LLM_FAILURE_REASONS = ['rate_limited', 'provider_5xx', 'timeout', 'invalid_output', 'provider_4xx', 'network', 'unknown'] as const;
export type LlmFailureReason = (typeof LLM_FAILURE_REASONS)[number];

const RETRYABLE: ReadonlySet<LlmFailureReason> = new Set(['rate_limited', 'provider_5xx', 'timeout', 'network', 'invalid_output']);

export function isRetryableReason(reason: LlmFailureReason): boolean {
  return RETRYABLE.has(reason);
}

/** The model answered, but not with something we can use. `problem` names the defect, never the content. */
export class InvalidModelOutputError extends Error {
  override readonly name = 'InvalidModelOutputError';
  constructor(readonly problem: string) {
    super(`invalid model output: ${problem}`);
  }
}

/**
 * A call that failed for good (after retries, or at once when not retryable). Deliberately carries no `cause`:
 * provider and parser errors may quote the model's output, which may quote the feedback.
 */
export class LlmCallError extends Error {
  override readonly name = 'LlmCallError';
  constructor(
    readonly operation: 'chat' | 'embedding',
    readonly reason: LlmFailureReason,
    readonly attempts: number,
    readonly status?: number,
    /** For `invalid_output`: what was wrong with the answer (`InvalidModelOutputError.problem`), never its content. */
    readonly problem?: string,
  ) {
    super(`${operation} call failed: ${reason}${status ? ` (HTTP ${status})` : ''}${problem ? ` (${problem})` : ''} after ${attempts} attempt(s)`);
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET']);

/** Maps anything thrown by the OpenAI SDK, langchain or our own validation to a failure code. */
export function classifyLlmError(error: unknown): LlmFailureReason {
  if (error instanceof InvalidModelOutputError) return 'invalid_output';
  if (typeof error !== 'object' || error === null) return 'unknown';
  const status = httpStatus(error);
  if (status !== undefined) {
    if (status === 429) return 'rate_limited';
    if (status === 408) return 'timeout';
    if (status >= 500) return 'provider_5xx';
    if (status >= 400) return 'provider_4xx';
  }
  const name = errorName(error);
  // langchain re-throws the SDK's APIConnectionTimeoutError as a plain Error named TimeoutError.
  if (name === 'TimeoutError' || name === 'APIConnectionTimeoutError') return 'timeout';
  // JSON.parse failures inside the SDK's `chat.completions.parse` and langchain's output parsers.
  if (name === 'SyntaxError' || name === 'OutputParserException') return 'invalid_output';
  if (name === 'APIConnectionError' || NETWORK_CODES.has(errorCode(error) ?? '')) return 'network';
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error) {
    const fromCause = classifyLlmError(cause);
    if (fromCause === 'network' || fromCause === 'timeout') return fromCause;
  }
  return 'unknown';
}

export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 100 && status < 600 ? status : undefined;
}

/** `Retry-After` of a 429/503 in milliseconds: delay-seconds, or an HTTP-date (IMF-fixdate) taken from `now`. */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  const headers = (error as { headers?: unknown } | null)?.headers;
  let raw: unknown;
  if (headers instanceof Headers) raw = headers.get('retry-after');
  else if (headers && typeof headers === 'object') raw = (headers as Record<string, unknown>)['retry-after'];
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

function errorName(error: object): string | undefined {
  const name = (error as { name?: unknown }).name;
  if (typeof name === 'string' && name !== 'Error') return name;
  return error.constructor?.name;
}

function errorCode(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
