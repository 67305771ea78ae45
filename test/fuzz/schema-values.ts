import fc from 'fast-check';
import { hostileValue, oddString } from './hostile-values.js';

/** The subset of JSON Schema the service's OpenAPI document uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

const validString = (schema: JsonSchema): fc.Arbitrary<string> => {
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('1970-01-01'), max: new Date('2026-02-28'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  return fc.string({ minLength: Math.max(1, schema.minLength ?? 0), maxLength: Math.min(schema.maxLength ?? 40, 40) });
};

/**
 * Values for a schema: mostly valid, so that requests reach deep into the handlers, with a hostile
 * value substituted anywhere (a wrong type, an odd string, a boundary, deep nesting).
 */
export function valueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: wellTyped(schema) }, { weight: 1, arbitrary: hostileValue });
}

function wellTyped(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueFor));
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: oddString });
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: oddString });
  switch (schema.type) {
    case 'string':
      return fc.oneof({ weight: 4, arbitrary: validString(schema) }, { weight: 1, arbitrary: oddString });
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: (schema.minimum ?? -5) - 2, max: (schema.maximum ?? 1000) + 2 }), fc.double(), fc.constantFrom(1e21, -1));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items) : hostileValue, { maxLength: 25 });
    case 'object':
      return objectFor(schema);
    default:
      return hostileValue;
  }
}

function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.entries(schema.properties ?? {});
  const open = schema.patternProperties ?? (typeof schema.additionalProperties === 'object' ? { '.*': schema.additionalProperties } : undefined);
  return fc
    .tuple(
      fc.tuple(...known.map(([name, property]) => fc.option(valueFor(property), { nil: undefined, freq: schema.required?.includes(name) ? 8 : 2 }))),
      fc.dictionary(oddString, open ? hostileValue : fc.constant(1), { maxKeys: open ? 6 : 1, minKeys: 0 }),
      fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    )
    .map(([values, extra, withExtra]) => {
      const out: Record<string, unknown> = withExtra ? { ...extra } : {};
      known.forEach(([name], i) => {
        if (values[i] !== undefined) out[name] = values[i];
      });
      return out;
    });
}
