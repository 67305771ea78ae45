import { Kind, type TSchema } from '@sinclair/typebox';
import { DefaultErrorFunction, SetErrorFunction, ValueErrorType, type ErrorFunctionParameter } from '@sinclair/typebox/errors';
import { CHARS_KIND, charsProblem } from './chars.js';
import { describeDateTimeProblem, parseDateTime } from './date-time.js';
import { nearestName } from './nearest-name.js';

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'must be an email address such as ana@example.com',
  uri: 'must be an http(s) URL such as https://example.com/page',
};

function formatMessage(format: string, value: unknown): string {
  if (format === 'date-time' && typeof value === 'string') {
    const parsed = parseDateTime(value);
    if (!parsed.ok) return describeDateTimeProblem(parsed.problem);
  }
  return FORMAT_MESSAGES[format] ?? `must be a valid ${format}`;
}

function charsMessage(schema: TSchema, value: unknown): string {
  switch (charsProblem(schema, value)) {
    case 'type':
      return 'must be a string';
    case 'minLength':
      return schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters`;
    case 'maxLength':
      return `must be at most ${schema.maxLength} characters`;
    default:
      return formatMessage(String(schema.format), value);
  }
}

/** The allowed values of a union of literals (how TypeBox spells an enum), or undefined. */
function literalChoices(schema: TSchema): unknown[] | undefined {
  const options = schema.anyOf as TSchema[] | undefined;
  if (!Array.isArray(options) || !options.every((option) => option.const !== undefined)) return undefined;
  return options.map((option) => option.const);
}

/** The JSON types a union of plain types allows (`string`, `number`, `null`…), or undefined. */
function typeChoices(schema: TSchema): string[] | undefined {
  const options = schema.anyOf as TSchema[] | undefined;
  if (!Array.isArray(options) || !options.every((option) => typeof option.type === 'string' && option.const === undefined)) return undefined;
  return options.map((option) => option.type as string);
}

/** An unknown property, with the known one it most likely meant (`userID` → userId). */
function unexpectedPropertyMessage(error: ErrorFunctionParameter): string {
  const segments = error.path.split('/');
  const name = segments[segments.length - 1].replaceAll('~1', '/').replaceAll('~0', '~');
  const known = Object.keys((error.schema.properties as object | undefined) ?? {});
  const suggestion = nearestName(name, known);
  return suggestion ? `Unexpected property; did you mean ${suggestion}?` : 'Unexpected property';
}

/** Messages that say what would be accepted, in the words of the API's documentation. */
export function fieldMessage(error: ErrorFunctionParameter): string {
  if (error.errorType === ValueErrorType.Kind && error.schema[Kind] === CHARS_KIND) return charsMessage(error.schema, error.value);
  if (error.errorType === ValueErrorType.StringFormat) return formatMessage(String(error.schema.format), error.value);
  if (error.errorType === ValueErrorType.ObjectAdditionalProperties) return unexpectedPropertyMessage(error);
  if (error.errorType === ValueErrorType.Union) {
    const choices = literalChoices(error.schema);
    if (choices) return `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}`;
    const types = typeChoices(error.schema);
    if (types) return `must be ${types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}` : types[0]}`;
  }
  return DefaultErrorFunction(error);
}

SetErrorFunction(fieldMessage);
