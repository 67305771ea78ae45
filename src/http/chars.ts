import { FormatRegistry, Kind, Type, TypeRegistry, type StringOptions, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * A string whose length bounds count characters (Unicode code points), as JSON Schema and the
 * product document mean them, not UTF-16 units: an emoji is one character, not two. It documents
 * itself as a plain `{ type: 'string', minLength, maxLength }`.
 */
export const CHARS_KIND = 'Chars';

export const countChars = (value: string): number => {
  let count = 0;
  for (const _ of value) count++;
  return count;
};

export type CharsProblem = 'type' | 'minLength' | 'maxLength' | 'format';

/** Why `value` does not fit a `Chars` schema, or undefined when it does. */
export function charsProblem(schema: StringOptions, value: unknown): CharsProblem | undefined {
  if (typeof value !== 'string') return 'type';
  // UTF-16 length bounds the character count from both sides: skip counting when it cannot matter.
  if (schema.minLength !== undefined && value.length < schema.minLength) return 'minLength';
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    if (value.length > 2 * schema.maxLength || countChars(value) > schema.maxLength) return 'maxLength';
  }
  if (schema.format !== undefined) {
    const check = FormatRegistry.Get(schema.format);
    if (check && !check(value)) return 'format';
  }
  return undefined;
}

TypeRegistry.Set<StringOptions & TSchema>(CHARS_KIND, (schema, value) => charsProblem(schema, value) === undefined);

export const Chars = (options: StringOptions = {}): TUnsafe<string> => Type.Unsafe<string>({ ...options, [Kind]: CHARS_KIND, type: 'string' });
