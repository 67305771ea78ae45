import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../src/db/database.js';
import { refuseMoneySegment } from './no-money-segment.js';

export const BREAKDOWN_VALUES_LIMIT = 100;

export const BreakdownParam = Type.String({
  pattern: '^(trait|meta):.+$',
  maxLength: 300,
  description:
    "`trait:<key>` (the segment: the value of that trait of each item's end user) or `meta:<key>` (the item's metadata property). " +
    'The detail then carries `breakdown`: counts and sentiment mix per value, largest first, at most 100 values.',
});

export const BreakdownSchema = Type.Object({
  by: Type.String({ description: 'The `breakdown` asked for.' }),
  values: Type.Array(
    Type.Object({
      value: Type.Unknown({ description: 'The trait or metadata value as stored; null for items without one (or, for a trait, without a known user).' }),
      count: Type.Integer({ minimum: 0 }),
      positive: Type.Integer({ minimum: 0 }),
      neutral: Type.Integer({ minimum: 0 }),
      negative: Type.Integer({ minimum: 0 }),
    }),
    { maxItems: BREAKDOWN_VALUES_LIMIT },
  ),
});

interface BreakdownRow {
  value: unknown;
  count: number;
  positive: number;
  neutral: number;
  negative: number;
}

/** A theme's items counted by a trait of their user or by a metadata property (segments). */
export async function clusterBreakdown(db: Queryable, projectId: string, clusterId: string, by: string) {
  const colon = by.indexOf(':');
  const source = by.slice(0, colon);
  const key = by.slice(colon + 1);
  if (source === 'trait') await refuseMoneySegment(db, projectId, 'breakdown', [key]);
  const valueOf =
    source === 'trait'
      ? `(SELECT u.traits -> $3 FROM user_feedback uf JOIN users u ON u.project_id = uf.project_id AND u.user_id = uf.user_id WHERE uf.feedback_id = f.feedback_id)`
      : `f.metadata -> $3`;
  const rows = await db.query<BreakdownRow>(
    `SELECT value, count(*)::int AS count,
            count(*) FILTER (WHERE sentiment = 'positive')::int AS positive,
            count(*) FILTER (WHERE sentiment = 'neutral')::int AS neutral,
            count(*) FILTER (WHERE sentiment = 'negative')::int AS negative
       FROM (SELECT ${valueOf} AS value, f.sentiment FROM feedback_items f WHERE f.project_id = $1 AND f.cluster_id = $2) items
      GROUP BY value ORDER BY count DESC, value::text NULLS LAST LIMIT ${BREAKDOWN_VALUES_LIMIT}`,
    [projectId, clusterId, key],
  );
  return { by, values: rows.rows.map((row) => ({ ...row, value: row.value ?? null })) };
}
