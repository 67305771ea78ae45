import type { TSchema } from '@sinclair/typebox';
import type { RouteSpec } from './route.js';

/** Strips TypeBox's symbol keys and returns plain JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri', description: '`{PROBLEM_BASE}/<slug>`' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: {
      type: 'array',
      description: 'On 400: one entry per offending field.',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
    key: { type: 'string', description: 'On 422: the offending trait.' },
  },
};

function parameters(route: RouteSpec): unknown[] {
  const out: unknown[] = [];
  for (const [location, schema] of [['path', route.params], ['query', route.query], ['header', route.headers]] as const) {
    if (!schema) continue;
    const { properties = {}, required = [] } = plain(schema) as { properties?: Record<string, any>; required?: string[] };
    for (const [name, property] of Object.entries(properties)) {
      const repeated = property.type === 'array';
      out.push({
        name,
        in: location,
        required: location === 'path' || required.includes(name),
        description: property.description,
        schema: property,
        ...(repeated ? { style: 'form', explode: true } : {}),
      });
    }
  }
  return out;
}

function responses(route: RouteSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const isProblem = Number(status) >= 400;
    out[status] = {
      description: response.description,
      ...(response.schema || isProblem
        ? { content: { [isProblem ? 'application/problem+json' : 'application/json']: { schema: response.schema ? plain(response.schema) : { $ref: '#/components/schemas/Problem' } } } }
        : {}),
    };
  }
  return out;
}

export function buildOpenApi(routes: RouteSpec[], info: { description: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: [{ apiKey: [] }],
      'x-key-types': route.auth,
      'x-rate-limit-per-minute': route.rateLimit?.perMinute,
      parameters: parameters(route),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(route.body) } } } } : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Feedback Analysis Service API', version: '1.0.0', description: info.description },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'A secret key (sk_test_…, sk_live_…) or a widget key (pk_…).' },
      },
      schemas: { Problem: PROBLEM_SCHEMA },
    },
  };
}
