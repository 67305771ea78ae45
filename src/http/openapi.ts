import type { RouteSpec } from './route.js';
import { nameResponseSchemas } from './openapi-components.js';
import { REQUEST_EXAMPLES, RESPONSE_EXAMPLES } from './openapi-examples.js';
import { jsonSchemaOf, type JsonSchema } from './openapi-schema.js';
import {
  EVERY_BODY_PROBLEMS,
  EVERY_OPERATION_PROBLEMS,
  HEADERS,
  METERED_HEADERS,
  PROBLEM_RESPONSES,
  PROBLEM_SCHEMA,
  REQUEST_ID_PARAMETER,
  responseRef,
} from './openapi-responses.js';
import { WIDGET_SCRIPT_PATH, WIDGET_TAG_DESCRIPTION } from './openapi-widget.js';

const TAGS: Record<string, string> = {
  platform: 'Keys and the service itself.',
  feedback: 'Submitting, listing, reading and deleting feedback items.',
  search: 'Semantic search by meaning.',
  clusters: 'Themes: AI-grouped clusters of feedback.',
  users: 'End users: identity, traits and value marks.',
  webhooks: 'Signed webhook endpoints: the six event kinds of spec 6, delivery health.',
  transcripts: 'Call transcripts: intake, counting and skip reasons; the text is never stored.',
  questions: 'Tracked questions (extension): verdicts from the sentiment of matching feedback.',
};

/** Any method on a documented path that the path does not support; OpenAPI has no operation to hang it on. */
const METHOD_NOT_ALLOWED = 405;

function parameters(route: RouteSpec): unknown[] {
  const out: unknown[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
    ['header', route.headers],
  ] as const) {
    if (!schema) continue;
    const { properties = {}, required = [] } = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
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
  out.push({ $ref: '#/components/parameters/X-Request-Id' });
  return out;
}

function responses(route: RouteSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    if (Number(status) >= 400) {
      out[status] = PROBLEM_RESPONSES[Number(status)]
        ? responseRef(Number(status))
        : { description: response.description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
      continue;
    }
    out[status] = {
      description: response.description,
      headers: METERED_HEADERS,
      ...(response.schema ? { content: { 'application/json': { schema: jsonSchemaOf(response.schema) } } } : {}),
      ...(response.content ? { content: textContent(response.content) } : {}),
    };
  }
  for (const status of EVERY_OPERATION_PROBLEMS) out[status] ??= responseRef(status);
  if (route.body) for (const status of EVERY_BODY_PROBLEMS) out[status] ??= responseRef(status);
  return out;
}

function textContent(content: Record<string, { example: string }>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(content).map(([mediaType, { example }]) => [mediaType, { schema: { type: 'string' }, example }]));
}

function requestBody(route: RouteSpec): Record<string, unknown> {
  if (!route.body) return {};
  const examples = REQUEST_EXAMPLES[route.operationId];
  return { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body), ...(examples ? { examples } : {}) } } } };
}

/** Each response body that is a named schema gets that schema's example. */
function addResponseExamples(paths: Record<string, Record<string, any>>): void {
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    for (const response of Object.values<any>(operation.responses)) {
      const media = response.content?.['application/json'];
      const name = media?.schema.$ref?.split('/').pop();
      if (name && RESPONSE_EXAMPLES[name] !== undefined) media.example = RESPONSE_EXAMPLES[name];
    }
  }
}

/** The problem responses the operations refer to, and 405, which any documented path can answer. */
function problemResponses(paths: Record<string, Record<string, any>>): Record<string, unknown> {
  const statuses = new Set([METHOD_NOT_ALLOWED]);
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    for (const status of Object.keys(operation.responses)) if (PROBLEM_RESPONSES[Number(status)]) statuses.add(Number(status));
  }
  return Object.fromEntries([...statuses].sort((a, b) => a - b).map((status) => [PROBLEM_RESPONSES[status].name, PROBLEM_RESPONSES[status].response]));
}

export function buildOpenApi(routes: RouteSpec[], info: { description: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, any>> = {};
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
      ...requestBody(route),
      responses: responses(route),
    };
  }
  const schemas = { ...nameResponseSchemas(paths), Problem: PROBLEM_SCHEMA };
  addResponseExamples(paths);
  paths['/widget.js'] = WIDGET_SCRIPT_PATH;
  const usedTags = new Set(routes.flatMap((route) => route.tags ?? []));
  return {
    openapi: '3.1.0',
    info: { title: 'Feedback Analysis Service API', version: '1.0.0', description: info.description },
    servers: [{ url: '/' }],
    tags: [...[...usedTags].map((name) => ({ name, description: TAGS[name] })), { name: 'widget', description: WIDGET_TAG_DESCRIPTION }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'A secret key (sk_test_…, sk_live_…) or a widget key (pk_…).' },
      },
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses: problemResponses(paths),
      parameters: { 'X-Request-Id': REQUEST_ID_PARAMETER },
      headers: HEADERS,
    },
  };
}
