import type { InboundRouteSpec } from './inbound-route.js';
import { EVERY_BODY_PROBLEMS, EVERY_OPERATION_PROBLEMS, PROBLEM_RESPONSES, responseRef } from './openapi-responses.js';
import { jsonSchemaOf, type JsonSchema } from './openapi-schema.js';

/** An inbound (signed, keyless) route as an OpenAPI operation: no API-key security, its signature header as a parameter. */
export function inboundOperation(route: InboundRouteSpec): Record<string, unknown> {
  const { properties = {} } = jsonSchemaOf(route.params) as { properties?: Record<string, JsonSchema> };
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] =
      Number(status) >= 400
        ? PROBLEM_RESPONSES[Number(status)]
          ? responseRef(Number(status))
          : { description: response.description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }
        : { description: response.description, ...(response.schema ? { content: { 'application/json': { schema: jsonSchemaOf(response.schema) } } } : {}) };
  }
  // Bodies arrive under the same deadline and slow-body limit as every route's (408, 429).
  for (const status of [...EVERY_OPERATION_PROBLEMS, ...EVERY_BODY_PROBLEMS]) responses[status] ??= responseRef(status);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: route.tags,
    security: [],
    parameters: [
      ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'path', required: true, description: schema.description, schema })),
      { name: route.signatureHeader.name, in: 'header', required: true, description: route.signatureHeader.description, schema: { type: 'string' } },
      { $ref: '#/components/parameters/X-Request-Id' },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } },
    responses,
  };
}
