import type { IncomingHttpHeaders } from 'node:http';
import type { TSchema } from '@sinclair/typebox';
import type Koa from 'koa';
import { invalidRequest } from './app-error.js';
import { readRawBody } from './read-body.js';
import { bodyDeadlineOf } from './slow-bodies.js';
import type { RouteResponse } from './route.js';
import { schemaProblems, convertToSchema } from './validation.js';

/**
 * A route other services call with a signed request instead of an API key (tracker webhooks): the
 * handler gets the raw body bytes, as the signature covers them, and authenticates the request itself.
 */
export interface InboundRouteSpec<Params = any> {
  method: 'POST';
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  params: TSchema;
  /** The signature header the caller sends, documented as a parameter. */
  signatureHeader: { name: string; description: string };
  /** The JSON body as the caller documents it (for the OpenAPI document; the handler parses it after verifying). */
  body: TSchema;
  bodyLimitBytes: number;
  responses: Record<number, { description: string; schema?: TSchema }>;
  /** `requestId`: the id the request log and the response carry, for the events' correlation. */
  handle(request: { params: Params; headers: IncomingHttpHeaders; rawBody: Buffer; requestId: string }): Promise<RouteResponse>;
}

/** Path parameters, then the raw body (size-limited, within the body deadline), then the handler. */
export function inboundPipeline(route: InboundRouteSpec): Koa.Middleware {
  return async (ctx) => {
    const params = convertToSchema(route.params, ctx.params);
    const problems = schemaProblems(route.params, params);
    if (problems.length > 0) throw invalidRequest(problems);
    const rawBody = await readRawBody(ctx.req, route.bodyLimitBytes, bodyDeadlineOf(ctx.req));
    const response = await route.handle({ params, headers: ctx.req.headers, rawBody, requestId: ctx.response.get('X-Request-Id') });
    ctx.status = response.status;
    for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
    if (response.body !== undefined) ctx.body = response.body;
  };
}
