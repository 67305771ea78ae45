import type { FieldProblem } from '../domain/errors.js';

export type { FieldProblem };

/**
 * HTTP errors that carry their problem slug and status, thrown by the HTTP layer (auth, limits,
 * validation). One middleware renders them as `application/problem+json`; the domain throws its
 * own errors by meaning (`src/domain/errors.ts`), which `src/http/domain-problems.ts` maps to these.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly title: string,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const invalidRequest = (problems: FieldProblem[], detail?: string) =>
  new AppError(
    400,
    'invalid-request',
    'Invalid request',
    detail ?? problems.map((p) => `${p.field}: ${p.message}`).join('; '),
    problems.length > 0 ? { errors: problems } : {},
  );

export const unauthorized = (detail: string) => new AppError(401, 'unauthorized', 'Unauthorized', detail);

export const originNotAllowed = (origin: string | undefined) =>
  new AppError(
    403,
    'origin-not-allowed',
    'Origin not allowed',
    origin
      ? `The origin ${origin} is not on this project's allowlist for widget keys.`
      : 'Widget keys work only from a browser origin on the project allowlist; the request had no Origin header.',
  );

export const payloadTooLarge = (limitBytes: number) =>
  new AppError(413, 'payload-too-large', 'Payload too large', `The request body exceeds the limit of ${limitBytes} bytes.`);

export const rateLimited = (limit: number, retryAfterSeconds: number) =>
  new AppError(429, 'rate-limited', 'Rate limited', `More than ${limit} requests per minute with this key; retry in ${retryAfterSeconds} s.`);
