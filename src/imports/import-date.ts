import { parseDateTime } from '../http/date-time.js';

const UNIX_SECONDS = /^\d{9,10}$/;
const UNIX_MILLIS = /^\d{12,13}$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** `2024-03-01 10:12:33`, `2024-03-01T10:12`, optionally `UTC` or an offset such as `+0100` after it. */
const LOCAL_STYLE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(UTC|Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date-time as exports write them, as RFC 3339: RFC 3339 itself, `YYYY-MM-DD HH:MM[:SS]` (UTC
 * unless an offset follows, as Intercom and Zendesk exports write them), a date alone (midnight
 * UTC), or Unix seconds or milliseconds (Google Play's "Millis Since Epoch" columns).
 */
export function importDate(value: string): string | undefined {
  const text = value.trim();
  if (UNIX_MILLIS.test(text)) return new Date(Number(text)).toISOString();
  if (UNIX_SECONDS.test(text)) return new Date(Number(text) * 1000).toISOString();
  if (DATE_ONLY.test(text)) return `${text}T00:00:00Z`;
  if (parseDateTime(text).ok) return text;
  const match = LOCAL_STYLE.exec(text);
  if (!match) return undefined;
  const [, date, time, zone = 'Z'] = match;
  const offset = /^[+-]/.test(zone) ? `${zone.slice(0, 3)}:${zone.slice(-2)}` : 'Z';
  const candidate = `${date}T${time.length === 5 ? `${time}:00` : time}${offset}`;
  return parseDateTime(candidate).ok ? candidate : undefined;
}

export const IMPORT_DATE_FORMATS = 'an RFC 3339 date-time, YYYY-MM-DD HH:MM:SS (UTC), YYYY-MM-DD, or Unix seconds or milliseconds';
