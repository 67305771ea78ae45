import { FEEDBACK_TYPES } from '../analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../domain/feedback/events.js';
import { AppError } from '../http/app-error.js';
import type { Bucket, Period } from '../../queries/trends/period.js';
import type { TrendFilters } from '../../queries/trends/theme-trends.js';
import { segmentName, segmentProblem } from '../../queries/trends/segment.js';

const DAY_MS = 86_400_000;
export const PRESET_DAYS = [7, 30, 90] as const;
const MAX_CUSTOM_DAYS = 366;

/** The period and filters a workspace page shows, read from its query string. */
export interface PageQuery {
  period: Period;
  /** 7, 30 or 90 for a preset ending now; undefined for a custom range. */
  days?: number;
  /** The custom range as the date inputs show it (YYYY-MM-DD, `to` inclusive). */
  fromDate?: string;
  toDate?: string;
  bucket: Bucket;
  filters: TrendFilters;
}

/** A 400 naming the query parameter, as the API's validation answers. */
export const badRequest = (field: string, message: string) =>
  new AppError(400, 'invalid-request', 'Invalid request', `${field}: ${message}`, { errors: [{ field, message }] });

/** A calendar date `YYYY-MM-DD` that exists (`2025-13-01` and `2025-02-30` do not). */
export const isDate = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
};

function one(query: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = query[name];
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  return text === undefined || text === '' ? undefined : text;
}

/** Presets end now; a custom range runs from the start of `from` to the end of `to` (UTC days). Bad values are a 400 naming them. */
export function readPageQuery(query: Record<string, string | string[] | undefined>, now: Date): PageQuery {
  const from = one(query, 'from');
  const to = one(query, 'to');
  const days = one(query, 'days');
  const bucket = one(query, 'bucket') ?? 'day';
  if (bucket !== 'day' && bucket !== 'week') throw badRequest('bucket', 'must be day or week');
  const filters = readFilters(query);
  if (days !== 'custom' && (from === undefined || days !== undefined)) {
    const n = Number(days ?? 30);
    if (!PRESET_DAYS.includes(n as (typeof PRESET_DAYS)[number])) throw badRequest('days', 'must be 7, 30, 90 or custom');
    return { period: { from: new Date(now.getTime() - n * DAY_MS), to: now }, days: n, bucket, filters };
  }
  if (from === undefined || !isDate(from)) throw badRequest('from', 'must be a date (YYYY-MM-DD)');
  const toDate = to ?? now.toISOString().slice(0, 10);
  if (!isDate(toDate)) throw badRequest('to', 'must be a date (YYYY-MM-DD)');
  const period = { from: new Date(`${from}T00:00:00Z`), to: new Date(Date.parse(`${toDate}T00:00:00Z`) + DAY_MS) };
  if (period.to <= period.from) throw badRequest('to', 'must not be before `from`');
  if (period.to.getTime() - period.from.getTime() > MAX_CUSTOM_DAYS * DAY_MS) throw badRequest('from', `the period may span at most ${MAX_CUSTOM_DAYS} days`);
  return { period, fromDate: from, toDate, bucket, filters };
}

function readFilters(query: Record<string, string | string[] | undefined>): TrendFilters {
  const filters: TrendFilters = {};
  const source = one(query, 'source');
  const type = one(query, 'type');
  const language = one(query, 'language')?.toLowerCase();
  if (source !== undefined) {
    if (!(FEEDBACK_SOURCES as readonly string[]).includes(source)) throw badRequest('source', `must be one of ${FEEDBACK_SOURCES.join(', ')}`);
    filters.source = source;
  }
  if (type !== undefined) {
    if (!(FEEDBACK_TYPES as readonly string[]).includes(type)) throw badRequest('type', `must be one of ${FEEDBACK_TYPES.join(', ')}`);
    filters.type = type;
  }
  if (language !== undefined) {
    if (!/^([a-z]{2}|und)$/.test(language)) throw badRequest('language', 'must be a two-letter ISO 639-1 code such as en, or und');
    filters.language = language;
  }
  const trait = one(query, 'trait');
  if (trait !== undefined) {
    const problem = segmentProblem(trait);
    if (problem) throw badRequest('trait', problem);
    filters.trait = trait;
  }
  return filters;
}

/** The customer value is money, never a segment (spec 2.4): a page asked for one answers 400 naming `trait`. */
export function refuseMoneySegment(filters: TrendFilters, customerValueTrait: string | null): void {
  if (filters.trait !== undefined && customerValueTrait !== null && segmentName(filters.trait) === customerValueTrait) {
    throw badRequest('trait', `${customerValueTrait} is the customer value: money is never a segment`);
  }
}

/** The query string that shows the same period and filters (for links between pages). */
export function pageQueryString(page: PageQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (page.days !== undefined) params.set('days', String(page.days));
  else {
    params.set('days', 'custom');
    params.set('from', page.fromDate!);
    params.set('to', page.toDate!);
  }
  for (const [name, value] of Object.entries(page.filters)) if (value !== undefined) params.set(name, value);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}
