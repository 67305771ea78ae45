import type Koa from 'koa';
import { AppError, invalidRequest, rateLimited, type FieldProblem } from './app-error.js';
import { authenticate, type AuthContext, type KeyLookup } from './auth.js';
import { REQUEST_ID_HEADER } from './command-context.js';
import { authenticateGuarded, type KnownKeyCheck } from './failed-auth-guard.js';
import type { RateLimiter } from './rate-limiter.js';
import { DEFAULT_BODY_LIMIT, readJsonBody } from './read-body.js';
import { requestIdFor } from './request-id.js';
import { bodyDeadlineOf } from './slow-bodies.js';
import { queryEncodingProblems } from './query-encoding.js';
import { requestOrigin } from './request-origin.js';
import type { RouteSpec } from './route.js';
import { convertToSchema, schemaProblems } from './validation.js';

/** Requests per minute per key for routes whose limit the spec does not state (documented in the README). */
export const DEFAULT_RATE_LIMIT = 600;

export interface PipelineDeps {
  keyLookup: KeyLookup;
  /** Keys this node already knows to be valid; others are refused unread after too many failures. */
  isKnownKey: KnownKeyCheck;
  rateLimiter: RateLimiter;
  /** Counts failed authentications per client address on this node (no query, whatever `rateLimiter` is). */
  failedAuthLimiter: RateLimiter;
}

function limitFor(route: RouteSpec, auth: AuthContext): number {
  const rule = route.rateLimit?.perMinute;
  if (rule === undefined) return DEFAULT_RATE_LIMIT;
  if (typeof rule === 'number') return rule;
  return rule[auth.keyType] ?? DEFAULT_RATE_LIMIT;
}

async function meter(ctx: Koa.Context, route: RouteSpec, auth: AuthContext, limiter: RateLimiter): Promise<void> {
  const bucket = `${auth.keyId}:${route.rateLimit?.bucket ?? route.operationId}`;
  const decision = await limiter.hit(bucket, limitFor(route, auth));
  ctx.set('X-RateLimit-Limit', String(decision.limit));
  ctx.set('X-RateLimit-Remaining', String(decision.remaining));
  ctx.set('X-RateLimit-Reset', String(decision.resetSeconds));
  if (!decision.allowed) {
    ctx.set('Retry-After', String(decision.resetSeconds));
    throw rateLimited(decision.limit, decision.resetSeconds);
  }
}

function setCorsHeaders(ctx: Koa.Context, origin: string): void {
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Vary', 'Origin');
  ctx.set('Access-Control-Expose-Headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id');
}

/**
 * A page whose widget key is unknown or revoked may read that 401 (the widget then says its key was
 * refused rather than guessing); the answer names no project. A 403 for the origin stays unreadable.
 */
function exposeKeyRefusal(ctx: Koa.Context, error: unknown): void {
  const origin = requestOrigin(ctx.get('Origin') || undefined);
  if (origin && error instanceof AppError && error.status === 401) setCorsHeaders(ctx, origin);
}

/** Auth, metering, body, validation, then the handler: the same steps for every route. */
export function routePipeline(route: RouteSpec, deps: PipelineDeps): Koa.Middleware {
  return async (ctx) => {
    const auth = await authenticateGuarded(ctx, deps.failedAuthLimiter, deps.isKnownKey, () =>
      authenticate(deps.keyLookup, ctx.get('Authorization') || undefined, ctx.get('Origin') || undefined, route.auth),
    ).catch((error: unknown) => {
      if (route.auth.includes('widget')) exposeKeyRefusal(ctx, error);
      throw error;
    });
    ctx.state.auth = auth; // for the request log
    if (auth.origin) setCorsHeaders(ctx, auth.origin);
    await meter(ctx, route, auth, deps.rateLimiter);

    const problems: FieldProblem[] = [];
    let body: unknown = undefined;
    if (route.body) {
      body = await readJsonBody(ctx.req, route.bodyLimitBytes ?? DEFAULT_BODY_LIMIT, bodyDeadlineOf(ctx.req));
      problems.push(...schemaProblems(route.body, body));
    }
    const query = route.query ? normaliseQuery(ctx.query, route) : {};
    if (route.query) problems.push(...withoutRepeats(queryEncodingProblems(ctx.querystring), schemaProblems(route.query, query)));
    const params = route.params ? convertToSchema(route.params, ctx.params) : ctx.params;
    if (route.params) problems.push(...schemaProblems(route.params, params));
    if (route.headers) problems.push(...schemaProblems(route.headers, declaredHeaders(ctx, route)));
    if (problems.length === 0 && route.validate) problems.push(...route.validate({ body, query, auth }));
    if (problems.length > 0) throw invalidRequest(problems);

    const response = await route.handle({ body, query, params, auth, headers: withRequestId(ctx) });
    ctx.status = response.status;
    for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
    if (response.body !== undefined) ctx.body = response.body;
  };
}

/**
 * The encoding problems, then the schema's problems of the fields the encoding did not already name
 * (a parameter whose name was garbled is named once, as `query`, not again under its U+FFFD name).
 */
function withoutRepeats(encoding: readonly FieldProblem[], schema: readonly FieldProblem[]): FieldProblem[] {
  const named = new Set(encoding.map((problem) => problem.field));
  const garbled = named.has('query');
  return [...encoding, ...schema.filter((problem) => !named.has(problem.field) && !(garbled && problem.field.includes('\uFFFD')))];
}

/** The request's headers, with X-Request-Id replaced by the id the request log echoes (see `commandContextFor`). */
function withRequestId(ctx: Koa.Context): Koa.Context['headers'] {
  const requestId = ctx.response.get('X-Request-Id') || requestIdFor(ctx.get('X-Request-Id') || undefined);
  return { ...ctx.headers, [REQUEST_ID_HEADER]: requestId };
}

/** The headers a route declares, under their declared names (e.g. `Idempotency-Key`). */
function declaredHeaders(ctx: Koa.Context, route: RouteSpec): Record<string, string> {
  const names = Object.keys((route.headers as { properties?: object }).properties ?? {});
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = ctx.req.headers[name.toLowerCase()];
    if (value !== undefined) out[name] = Array.isArray(value) ? value[0] : value;
  }
  return out;
}

/**
 * Query values arrive as text: integers and numbers are converted only when they are written as
 * such (`2.5` stays text and fails an integer schema), booleans only from `true` and `false`
 * (`yes` stays text and fails), repeatable parameters (array schemas) always
 * become arrays, and a repeated single parameter keeps its last value.
 */
function normaliseQuery(query: Record<string, string | string[] | undefined>, route: RouteSpec): Record<string, unknown> {
  const properties = (route.query as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const type = properties[name]?.type;
    if (type === 'array') {
      out[name] = Array.isArray(value) ? value : [value];
      continue;
    }
    const text = Array.isArray(value) ? value[value.length - 1] : value;
    if (type === 'integer' && /^-?\d+$/.test(text)) out[name] = Number(text);
    else if (type === 'number' && /^-?\d+(\.\d+)?$/.test(text)) out[name] = Number(text);
    else if (type === 'boolean' && (text === 'true' || text === 'false')) out[name] = text === 'true';
    else out[name] = text;
  }
  return out;
}
