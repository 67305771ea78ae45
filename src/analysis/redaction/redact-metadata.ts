import { createHash } from 'node:crypto';
import { redact } from './index.js';

/**
 * Metadata values repeat from item to item ("pro", "ios", "2.4.1"), and redacting even a short one
 * runs every detector. The redacted form of short values is kept, found by a hash of the value, so
 * that what stays in memory is only what is stored anyway.
 */
const SHORT_VALUE = 200;
const VALUES_KEPT = 2000;
const redactedByHash = new Map<string, string>();

function redactValue(value: string): string {
  if (value.length > SHORT_VALUE) return redact(value).text;
  const hash = createHash('sha256').update(value).digest('base64');
  const kept = redactedByHash.get(hash);
  if (kept !== undefined) return kept;
  const redacted = redact(value).text;
  if (redactedByHash.size >= VALUES_KEPT) redactedByHash.delete(redactedByHash.keys().next().value!);
  redactedByHash.set(hash, redacted);
  return redacted;
}

/** Redacts every string inside custom metadata (values only; keys are the caller's field names). */
export function redactMetadata(value: unknown): unknown {
  if (typeof value === 'string') return redactValue(value);
  if (Array.isArray(value)) return value.map(redactMetadata);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redactMetadata(inner)]));
  }
  return value;
}
