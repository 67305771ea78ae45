import { Type } from '@sinclair/typebox';
import { FEEDBACK_TYPES, SENTIMENTS } from '../../src/analysis/analyzer.js';
import { FEEDBACK_SOURCES } from '../../src/domain/feedback/events.js';

/** Query parameters that narrow a set of feedback items: shared by the list (GET /feedback) and search (GET /search). */
export const FeedbackFilterFields = {
  cluster: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Cluster id (a theme merged into another means the one that absorbed it).' }),
  ),
  sentiment: Type.Optional(Type.Union(SENTIMENTS.map((s) => Type.Literal(s)))),
  source: Type.Optional(Type.Union(FEEDBACK_SOURCES.map((s) => Type.Literal(s)))),
  churnRisk: Type.Optional(
    Type.Boolean({ description: 'Extension: `true` for the items that threaten to leave, `false` for the processed items that do not.' }),
  ),
  meta: Type.Optional(
    Type.Array(Type.String({ pattern: '^[^:]+:.*$', maxLength: 300 }), {
      maxItems: 20,
      description:
        'Repeatable `key:value` on top-level metadata properties. The same key repeated matches either value; different keys must all match. `5` also matches the number 5 and `true` the boolean.',
    }),
  ),
};

export interface FeedbackFilters {
  cluster?: string;
  sentiment?: string;
  source?: string;
  type?: string;
  /** ISO 639-1, or `und`. */
  language?: string;
  churnRisk?: boolean;
  meta?: string[];
  /** Inclusive lower bound of `createdAt`. */
  from?: string;
  /** Exclusive upper bound of `createdAt`. */
  to?: string;
}

/** The search-only ones (the list has its own cursor on `createdAt`). */
export const SearchOnlyFilterFields = {
  type: Type.Optional(Type.Union(FEEDBACK_TYPES.map((t) => Type.Literal(t)))),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Only items created at or after this instant (`createdAt` ≥ from).' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Only items created before this instant (`createdAt` < to); after `from`.' })),
};

/** `seats:5` matches the number 5 and the string "5"; `beta:true` the boolean and the string. */
function metadataAlternatives(key: string, value: string): string[] {
  const alternatives: unknown[] = [value];
  if (/^-?\d+(\.\d+)?$/.test(value)) alternatives.push(Number(value));
  if (value === 'true' || value === 'false') alternatives.push(value === 'true');
  return alternatives.map((v) => JSON.stringify({ [key]: v }));
}

/** Groups `key:value` filters by key: values of one key OR together, different keys AND. */
export function metadataFilterGroups(meta: string[]): string[][] {
  const byKey = new Map<string, string[]>();
  for (const pair of meta) {
    const colon = pair.indexOf(':');
    const key = pair.slice(0, colon);
    const value = pair.slice(colon + 1);
    byKey.set(key, [...(byKey.get(key) ?? []), ...metadataAlternatives(key, value)]);
  }
  return [...byKey.values()];
}

/**
 * SQL conditions on `feedback_items` (columns prefixed with `table`, e.g. `f.`) for the filters;
 * `param` binds a value and returns its placeholder.
 */
export function feedbackFilterConditions(filters: FeedbackFilters, param: (value: unknown) => string, table = ''): string[] {
  const where: string[] = [];
  if (filters.cluster) where.push(`${table}cluster_id = ${param(filters.cluster)}`);
  if (filters.sentiment) where.push(`${table}sentiment = ${param(filters.sentiment)}`);
  if (filters.source) where.push(`${table}source = ${param(filters.source)}`);
  if (filters.type) where.push(`${table}type = ${param(filters.type)}`);
  if (filters.language) where.push(`${table}language = ${param(filters.language)}`);
  // Pending items have no analysis: they match neither value.
  if (filters.churnRisk !== undefined) where.push(`${table}status = 'processed' AND ${table}churn_risk = ${param(filters.churnRisk)}`);
  if (filters.from) where.push(`${table}created_at >= ${param(filters.from)}::timestamptz`);
  if (filters.to) where.push(`${table}created_at < ${param(filters.to)}::timestamptz`);
  for (const group of metadataFilterGroups(filters.meta ?? [])) {
    where.push(`(${group.map((json) => `${table}metadata @> ${param(json)}::jsonb`).join(' OR ')})`);
  }
  return where;
}
