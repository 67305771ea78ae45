import { FormatRegistry } from '@sinclair/typebox';
import { parseDateTime } from './date-time.js';

const isDateTime = (value: string): boolean => parseDateTime(value).ok;

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
