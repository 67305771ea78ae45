import type { CliFailure } from '../cli/cli-failure.js';

/**
 * feedbackctl and the running service speak one JSON line each way over the admin socket:
 * `{"argv":["key","create",…]}` is answered by `{"ok":true,"output":[lines]}` or
 * `{"ok":false,"output":[lines],"error":{"kind":…,"message":…}}`, possibly after lines of progress
 * `{"progress":"…"}` while a long command runs.
 */
export interface AdminRequest {
  argv: string[];
}

/** A line the service may send before its answer: how far a long command has come (`import`). */
export interface AdminProgress {
  progress: string;
}

export const isAdminProgress = (value: unknown): value is AdminProgress =>
  typeof value === 'object' && value !== null && typeof (value as AdminProgress).progress === 'string';

export type AdminErrorKind = CliFailure['kind'] | 'refused' | 'bad-request';

export interface AdminAnswer {
  ok: boolean;
  output: string[];
  error?: { kind: AdminErrorKind; message: string };
}

/** Characters in one request line; a real command line is far shorter. */
export const MAX_REQUEST_LENGTH = 64 * 1024;
const MAX_ARGS = 256;

export const refusal = (kind: AdminErrorKind, message: string): AdminAnswer => ({ ok: false, output: [], error: { kind, message } });

/** The request in `line`, or the answer that refuses it. */
export function parseAdminRequest(line: string): AdminRequest | AdminAnswer {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return refusal('bad-request', 'a request is one line of JSON: {"argv":["project","list"]}');
  }
  const argv = typeof request === 'object' && request !== null ? (request as { argv?: unknown }).argv : undefined;
  if (!Array.isArray(argv) || argv.length === 0 || argv.length > MAX_ARGS || !argv.every((arg) => typeof arg === 'string')) {
    return refusal('bad-request', `"argv" must be an array of 1 to ${MAX_ARGS} strings`);
  }
  return { argv };
}

export function isAdminAnswer(value: unknown): value is AdminAnswer {
  const answer = value as AdminAnswer;
  return typeof answer === 'object' && answer !== null && typeof answer.ok === 'boolean' && Array.isArray(answer.output);
}
