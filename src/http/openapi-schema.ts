import type { TSchema } from '@sinclair/typebox';

export type JsonSchema = Record<string, any>;

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example', 'required']);

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A TypeBox schema as plain JSON Schema 2020-12 (what OpenAPI 3.1 uses), in the shapes client
 * generators read best: a union of literals (TypeBox's enum) becomes one `enum`, and "X or null"
 * of a plain type becomes `type: [X, 'null']`. The validating schema itself is left as it is.
 */
export function jsonSchemaOf(schema: TSchema): JsonSchema {
  // The JSON round trip drops TypeBox's symbol keys ([Kind], [OptionalKind]).
  return simplify(JSON.parse(JSON.stringify(schema)));
}

function simplify(node: unknown): any {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYWORDS.has(key) ? value : simplify(value);
  return Array.isArray(out.anyOf) ? simplifyUnion(out) : out;
}

function simplifyUnion(node: JsonSchema): JsonSchema {
  const { anyOf, ...annotations } = node as { anyOf: JsonSchema[] };
  const types = new Set(anyOf.map((option) => option.type));
  if (anyOf.every((option) => option.const !== undefined) && types.size === 1) {
    return { ...annotations, type: anyOf[0].type, enum: anyOf.map((option) => option.const) };
  }
  const [value, other] = anyOf;
  const nullable = anyOf.length === 2 && other.type === 'null' && Object.keys(other).length === 1;
  // An enum or const stays a union with null, so that a named enum can still be referenced.
  if (nullable && typeof value.type === 'string' && value.enum === undefined && value.const === undefined) {
    return { ...value, ...annotations, type: [value.type, 'null'] };
  }
  return node;
}
