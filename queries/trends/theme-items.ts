import type { Queryable } from '../../src/db/database.js';
import { FEEDBACK_COLUMNS, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';
import type { Period } from './period.js';
import { filterConditions, type TrendFilters } from './theme-trends.js';

/** A theme's items created in the period, newest first. */
export async function themeItems(db: Queryable, projectId: string, clusterId: string, period: Period, limit: number, filters: TrendFilters = {}) {
  const params: unknown[] = [projectId, clusterId, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  params.push(limit);
  const rows = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM feedback_items fi
      WHERE fi.project_id = $1 AND fi.cluster_id = $2 AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered}
      -- Qualified: a bare list_seq would sort by the output column list_seq::text ('9' > '10'), not the number.
      ORDER BY fi.created_at DESC, fi.list_seq DESC LIMIT $${params.length}`,
    params,
  );
  return rows.rows.map(toFeedbackItem);
}

/** How a theme's items in the period spread over languages and sources, largest first. */
export async function themeMix(
  db: Queryable,
  projectId: string,
  clusterId: string,
  period: Period,
  filters: TrendFilters = {},
): Promise<{ languages: { value: string; count: number }[]; sources: { value: string; count: number }[] }> {
  const params: unknown[] = [projectId, clusterId, period.from.toISOString(), period.to.toISOString()];
  const filtered = filterConditions(filters, params);
  const rows = await db.query<{ dimension: 'language' | 'source'; value: string; count: number }>(
    `WITH items AS (SELECT coalesce(fi.language, 'und') AS language, fi.source FROM feedback_items fi
                     WHERE fi.project_id = $1 AND fi.cluster_id = $2 AND fi.created_at >= $3::timestamptz AND fi.created_at < $4::timestamptz ${filtered})
     SELECT 'language' AS dimension, language AS value, count(*)::int AS count FROM items GROUP BY 2
     UNION ALL SELECT 'source', source, count(*)::int FROM items GROUP BY 2
     ORDER BY 3 DESC, 2`,
    params,
  );
  const of = (dimension: string) => rows.rows.filter((row) => row.dimension === dimension).map(({ value, count }) => ({ value, count }));
  return { languages: of('language'), sources: of('source') };
}
