import { redact } from './index.js';

/** Redacts every string inside custom metadata (values only; keys are the caller's field names). */
export function redactMetadata(value: unknown): unknown {
  if (typeof value === 'string') return redact(value).text;
  if (Array.isArray(value)) return value.map(redactMetadata);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactMetadata(inner)]));
  }
  return value;
}
