import { EXTENDED_NAMES, NESTED_NAMES, RESPONSE_BODY_NAMES } from './openapi-component-names.js';
import type { JsonSchema } from './openapi-schema.js';

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** JSON text with object keys sorted: equal schemas give equal text whatever order they were built in. */
function shapeOf(schema: unknown): string {
  return JSON.stringify(schema, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
}

function atPointer(schema: JsonSchema, pointer: string): JsonSchema | undefined {
  let node: any = schema;
  for (const segment of pointer.split('/').slice(1)) node = node?.[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  return node;
}

function define(named: Map<string, JsonSchema>, name: string, schema: JsonSchema | undefined, where: string): void {
  if (!schema) throw new Error(`OpenAPI: no schema for ${name} at ${where}`);
  const existing = named.get(name);
  if (existing && shapeOf(existing) !== shapeOf(schema)) throw new Error(`OpenAPI: ${name} at ${where} differs from the ${name} defined before`);
  named.set(name, schema);
}

/** `schema` with every named schema in it (itself too when `includeRoot`) replaced by a reference. */
function withReferences(schema: unknown, names: Map<string, string>, includeRoot: boolean): any {
  if (typeof schema !== 'object' || schema === null) return schema;
  const name = includeRoot ? names.get(shapeOf(schema)) : undefined;
  if (name) return schemaRef(name);
  if (Array.isArray(schema)) return schema.map((item) => withReferences(item, names, true));
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withReferences(value, names, true)]));
}

/** `schema` as `allOf: [base, the properties it adds]`, provided it repeats every property of the base unchanged. */
function asExtension(name: string, schema: JsonSchema, baseName: string, base: JsonSchema): JsonSchema {
  const { properties, required = [], type, ...annotations } = schema;
  for (const [key, property] of Object.entries<JsonSchema>(base.properties)) {
    if (shapeOf(properties[key]) !== shapeOf(property)) throw new Error(`OpenAPI: ${name}.${key} differs from ${baseName}.${key}`);
  }
  const added = Object.entries(properties).filter(([key]) => !(key in base.properties));
  return {
    ...annotations,
    allOf: [schemaRef(baseName), { type, required: required.filter((key: string) => !(key in base.properties)), properties: Object.fromEntries(added) }],
  };
}

type Operations = Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>;

function forEachJsonBody(paths: Operations, visit: (operationId: string, status: number, media: { schema: JsonSchema }) => void): void {
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (media) visit(operation.operationId, Number(status), media);
      }
    }
  }
}

/**
 * Names the response bodies and the resources inside them (openapi-component-names.ts), replaces
 * each occurrence in `paths` by a `$ref`, and returns the named schemas for `components.schemas`.
 */
export function nameResponseSchemas(paths: Operations): Record<string, JsonSchema> {
  const named = new Map<string, JsonSchema>();
  forEachJsonBody(paths, (operationId, status, media) => {
    const name = RESPONSE_BODY_NAMES[operationId]?.[status];
    if (name) define(named, name, media.schema, `${operationId} ${status}`);
  });
  for (const { name, within, at } of NESTED_NAMES) define(named, name, named.get(within) && atPointer(named.get(within)!, at), `${within}${at}`);

  const nameByShape = new Map<string, string>();
  for (const [name, schema] of named) {
    const shape = shapeOf(schema);
    if (nameByShape.has(shape)) throw new Error(`OpenAPI: ${name} and ${nameByShape.get(shape)} are the same schema`);
    nameByShape.set(shape, name);
  }
  forEachJsonBody(paths, (_operationId, _status, media) => {
    media.schema = withReferences(media.schema, nameByShape, true);
  });
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of named) schemas[name] = withReferences(schema, nameByShape, false);
  for (const [name, baseName] of Object.entries(EXTENDED_NAMES)) schemas[name] = asExtension(name, schemas[name], baseName, schemas[baseName]);
  return schemas;
}
