import type { TSchema } from '@sinclair/typebox';
import type { AuthContext } from './auth.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type KeyType = 'secret' | 'widget';

export interface RateLimitRule {
  /** Requests per minute per key; a number for both key types or one per key type. */
  perMinute: number | Partial<Record<KeyType, number>>;
  /** Routes sharing a bucket count against one budget; defaults to the route itself. */
  bucket?: string;
}

export interface RouteRequest<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  auth: AuthContext;
  headers: Record<string, string | string[] | undefined>;
}

export interface RouteResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteSpec<Body = any, Query = any, Params = any> {
  method: HttpMethod;
  /** Koa-style path, e.g. `/api/v1/feedback/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** Key types that may call the route; anything else is 401. */
  auth: KeyType[];
  rateLimit?: RateLimitRule;
  /** Largest accepted body in bytes; 64 KB unless stated. */
  bodyLimitBytes?: number;
  body?: TSchema;
  query?: TSchema;
  params?: TSchema;
  headers?: TSchema;
  /** Checks a schema cannot express (byte sizes, cross-field rules); returns the problems. */
  validate?: (input: { body: Body; query: Query; auth: AuthContext }) => { field: string; message: string }[];
  /** `content`: a body other than JSON (an export), by media type, documented as text with an example. */
  responses: Record<number, { description: string; schema?: TSchema; content?: Record<string, { example: string }> }>;
  handle(request: RouteRequest<Body, Query, Params>): Promise<RouteResponse>;
}
