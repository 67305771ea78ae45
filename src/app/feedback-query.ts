import { FEEDBACK_TYPES, SENTIMENTS, type Sentiment } from '../analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../domain/feedback/events.js';
import { countChars } from '../http/chars.js';
import { badRequest, isDate } from './page-query.js';

const DAY_MS = 86_400_000;
const MAX_META = 20;
/** How many earlier cursors the "Newer" link remembers (beyond them it goes back to the newest page). */
const MAX_TRAIL = 50;

/** What the feedback page shows, read from its query string (the API's parameter names wherever the API has one). */
export interface FeedbackPageQuery {
  q?: string;
  cluster?: string;
  sentiment?: Sentiment;
  source?: (typeof FEEDBACK_SOURCES)[number];
  type?: string;
  language?: string;
  churnRisk?: boolean;
  meta: string[];
  /** The period as the date inputs show it (YYYY-MM-DD, `to` inclusive). */
  fromDate?: string;
  toDate?: string;
  /** The period as instants on `createdAt` (from inclusive, to exclusive). */
  from?: string;
  to?: string;
  /** The list's cursor (`nextBefore` of the page before). */
  before?: string;
  /** The cursors of the newer pages seen on the way here, oldest first ('' is the newest page). */
  trail: string[];
}

type RawQuery = Record<string, string | string[] | undefined>;

/** A date-time as the list's cursor is: RFC 3339, its fraction up to 26 digits (see queries/feedback-list/cursor.ts). */
const isCursor = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,26})?(Z|[+-]\d{2}:\d{2})$/i.test(value) && !Number.isNaN(Date.parse(value.replace(/(\.\d{3})\d+/, '$1')));

function one(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

const many = (query: RawQuery, name: string): string[] => {
  const value = query[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v) => v !== '');
};

function oneOf<T extends string>(query: RawQuery, name: string, allowed: readonly T[]): T | undefined {
  const value = one(query, name);
  if (value !== undefined && !(allowed as readonly string[]).includes(value)) throw badRequest(name, `must be one of ${allowed.join(', ')}`);
  return value as T | undefined;
}

/** Reads and checks every filter; a bad value is a 400 naming its parameter. */
export function readFeedbackPageQuery(query: RawQuery): FeedbackPageQuery {
  const q = one(query, 'q');
  if (q !== undefined && countChars(q) > 500) throw badRequest('q', 'must be at most 500 characters');
  const cluster = one(query, 'cluster');
  if (cluster !== undefined && cluster.length > 100) throw badRequest('cluster', 'must be at most 100 characters');
  const language = one(query, 'language')?.toLowerCase();
  if (language !== undefined && !/^([a-z]{2}|und)$/.test(language)) throw badRequest('language', 'must be a two-letter ISO 639-1 code such as en, or und');
  const churn = oneOf(query, 'churnRisk', ['true', 'false']);
  const meta = many(query, 'meta');
  if (meta.length > MAX_META) throw badRequest('meta', `at most ${MAX_META} key:value filters`);
  for (const pair of meta) if (!/^[^:]+:/.test(pair) || pair.length > 300) throw badRequest('meta', 'each must be key:value (at most 300 characters)');
  const fromDate = one(query, 'from');
  const toDate = one(query, 'to');
  if (fromDate !== undefined && !isDate(fromDate)) throw badRequest('from', 'must be a date (YYYY-MM-DD)');
  if (toDate !== undefined && !isDate(toDate)) throw badRequest('to', 'must be a date (YYYY-MM-DD)');
  if (fromDate !== undefined && toDate !== undefined && toDate < fromDate) throw badRequest('to', 'must not be before `from`');
  const before = one(query, 'before');
  if (before !== undefined && !isCursor(before)) throw badRequest('before', 'must be a date-time (the list’s nextBefore)');
  const trail = many(query, 'trail').slice(-MAX_TRAIL);
  if (trail.some((cursor) => cursor !== 'newest' && !isCursor(cursor))) throw badRequest('trail', 'must be earlier cursors of this list');
  return {
    q,
    cluster,
    sentiment: oneOf(query, 'sentiment', SENTIMENTS),
    source: oneOf(query, 'source', FEEDBACK_SOURCES),
    type: oneOf(query, 'type', FEEDBACK_TYPES),
    language,
    churnRisk: churn === undefined ? undefined : churn === 'true',
    meta,
    fromDate,
    toDate,
    from: fromDate && `${fromDate}T00:00:00.000Z`,
    to: toDate && new Date(Date.parse(`${toDate}T00:00:00Z`) + DAY_MS).toISOString(),
    before,
    trail: trail.map((cursor) => (cursor === 'newest' ? '' : cursor)),
  };
}

/** The query string of the same filters (and search), without paging: `extra` adds to it. */
export function feedbackQueryString(page: FeedbackPageQuery, extra: [string, string][] = []): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | boolean | undefined) => value !== undefined && params.set(name, String(value));
  set('q', page.q);
  set('sentiment', page.sentiment);
  set('source', page.source);
  set('type', page.type);
  set('language', page.language);
  set('churnRisk', page.churnRisk);
  set('cluster', page.cluster);
  for (const pair of page.meta) params.append('meta', pair);
  set('from', page.fromDate);
  set('to', page.toDate);
  for (const [name, value] of extra) params.append(name, value);
  return params.toString();
}

/** The next older page: its cursor, with this page's own remembered for "Newer". */
export const olderQueryString = (page: FeedbackPageQuery, nextBefore: string) =>
  feedbackQueryString(page, [...[...page.trail, page.before ?? ''].map((c): [string, string] => ['trail', c || 'newest']), ['before', nextBefore]]);

/** The page before this one (undefined on the newest page). */
export function newerQueryString(page: FeedbackPageQuery): string | undefined {
  if (page.before === undefined) return undefined;
  const previous = page.trail.at(-1) ?? '';
  const trail = page.trail.slice(0, -1).map((c): [string, string] => ['trail', c || 'newest']);
  return feedbackQueryString(page, previous ? [...trail, ['before', previous]] : trail);
}
