/**
 * RFC 3339 date-times, read strictly: a real calendar date, hours 00–23, minutes and seconds 00–59
 * (no leap second: storage cannot represent it), an offset of at most ±23:59, and an instant between
 * the years 0001 and 9999 in UTC (PostgreSQL refuses year 0 and we never want five-digit years).
 * Any number of fractional digits is allowed: list cursors carry a tie-breaker past the microseconds.
 */
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  // Date.UTC reads the years 0–99 as 1900–1999; setUTCFullYear does not.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

export const EARLIEST_INSTANT_MS = utc(1, 1, 1);
export const LATEST_INSTANT_MS = utc(9999, 12, 31, 23, 59, 59, 999);

export type DateTimeProblem = 'format' | 'calendar' | 'range';

export type ParsedDateTime = { ok: true; epochMs: number } | { ok: false; problem: DateTimeProblem };

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The instant a date-time names, to the millisecond, or why it is not one. */
export function parseDateTime(value: string): ParsedDateTime {
  const match = RFC_3339.exec(value);
  if (!match) return { ok: false, problem: 'format' };
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const fraction = match[7] ? Number(`0${match[7].slice(0, 4)}`) : 0;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { ok: false, problem: 'calendar' };
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, problem: 'calendar' };
  let offsetMinutes = 0;
  if (match[9]) {
    const offsetHours = Number(match[10]);
    const offsetMins = Number(match[11]);
    if (offsetHours > 23 || offsetMins > 59) return { ok: false, problem: 'calendar' };
    offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const epochMs = utc(year, month, day, hour, minute, second, Math.floor(fraction * 1000)) - offsetMinutes * 60_000;
  if (epochMs < EARLIEST_INSTANT_MS || epochMs > LATEST_INSTANT_MS) return { ok: false, problem: 'range' };
  return { ok: true, epochMs };
}

/** The ISO 8601 UTC form of a date-time that validation accepted. */
export function instantOf(value: string): string {
  const parsed = parseDateTime(value);
  if (!parsed.ok) throw new RangeError('instantOf needs a validated date-time');
  return new Date(parsed.epochMs).toISOString();
}

export const DATE_TIME_EXAMPLE = '2025-01-15T09:30:00Z';

export function describeDateTimeProblem(problem: DateTimeProblem): string {
  switch (problem) {
    case 'format':
      return `must be an RFC 3339 date-time such as ${DATE_TIME_EXAMPLE} or 2025-01-15T10:30:00+01:00`;
    case 'calendar':
      return `must be a real date and time (month 01–12, a day that exists in that month, hours 00–23, minutes and seconds 00–59, offset at most ±23:59), e.g. ${DATE_TIME_EXAMPLE}`;
    case 'range':
      return 'must fall between the years 0001 and 9999 (UTC)';
  }
}
