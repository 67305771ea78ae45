import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FieldProblem } from '../errors.js';
import './formats.js';
import './error-messages.js';
import { unstorableValueProblems, printableSegment } from './well-formed.js';

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
  // JSON Pointer segments, unescaped (~1 is '/', ~0 is '~'), each made safe to echo back.
  const inner = path
    .split('/')
    .slice(1)
    .map((segment) => printableSegment(segment.replaceAll('~1', '/').replaceAll('~0', '~')))
    .join('.');
  if (!prefix) return inner || '(body)';
  return inner ? `${prefix}.${inner}` : prefix;
}

/**
 * Every problem of `value` against `schema`, one per field (the first message for a field wins).
 * Values that storage cannot hold (NUL, unpaired surrogates, numbers beyond a double) are named
 * first, wherever they are, whatever the schema allows there.
 */
export function schemaProblems(schema: TSchema, value: unknown, prefix = ''): FieldProblem[] {
  const malformed = unstorableValueProblems(value, prefix);
  const check = checker(schema);
  if (malformed.length === 0 && check.Check(value)) return [];
  const byField = new Map(malformed.map((problem) => [problem.field, problem.message]));
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
