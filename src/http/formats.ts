import { FormatRegistry } from '@sinclair/typebox';

/**
 * RFC 3339 date-time. Any number of fractional digits is allowed: list cursors carry a
 * tie-breaker in the digits past the microseconds.
 */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value)) return false;
  const withoutExtraDigits = value.replace(/(\.\d{3})\d+/, '$1');
  return !Number.isNaN(Date.parse(withoutExtraDigits));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isHttpUri(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

FormatRegistry.Set('date-time', isDateTime);
FormatRegistry.Set('email', (value) => EMAIL.test(value));
FormatRegistry.Set('uri', isHttpUri);
