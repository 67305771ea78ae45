import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FieldProblem } from '../errors.js';
import './formats.js';

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checker(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

function fieldName(prefix: string, path: string): string {
  const inner = path.replace(/^\//, '').replace(/\//g, '.');
  if (!prefix) return inner || '(body)';
  return inner ? `${prefix}.${inner}` : prefix;
}

/** Every problem of `value` against `schema`, one per field (the first message for a field wins). */
export function schemaProblems(schema: TSchema, value: unknown, prefix = ''): FieldProblem[] {
  const check = checker(schema);
  if (check.Check(value)) return [];
  const byField = new Map<string, string>();
  for (const error of check.Errors(value)) {
    const field = fieldName(prefix, error.path);
    if (!byField.has(field)) byField.set(field, error.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** Path parameters arrive as text: convert to the schema's types before checking. */
export function convertToSchema(schema: TSchema, value: unknown): unknown {
  return Value.Convert(schema, value);
}
