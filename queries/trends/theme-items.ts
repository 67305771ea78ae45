import type { Queryable } from '../../src/db/database.js';
import { FEEDBACK_COLUMNS, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';
import type { Period } from './period.js';

/** A theme's items created in the period, newest first. */
export async function themeItems(db: Queryable, projectId: string, clusterId: string, period: Period, limit: number) {
  const rows = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM feedback_items
      WHERE project_id = $1 AND cluster_id = $2 AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
      ORDER BY created_at DESC, list_seq DESC LIMIT $5`,
    [projectId, clusterId, period.from.toISOString(), period.to.toISOString(), limit],
  );
  return rows.rows.map(toFeedbackItem);
}

/** How a theme's items in the period spread over languages and sources, largest first. */
export async function themeMix(
  db: Queryable,
  projectId: string,
  clusterId: string,
  period: Period,
): Promise<{ languages: { value: string; count: number }[]; sources: { value: string; count: number }[] }> {
  const rows = await db.query<{ dimension: 'language' | 'source'; value: string; count: number }>(
    `WITH items AS (SELECT coalesce(language, 'und') AS language, source FROM feedback_items
                     WHERE project_id = $1 AND cluster_id = $2 AND created_at >= $3::timestamptz AND created_at < $4::timestamptz)
     SELECT 'language' AS dimension, language AS value, count(*)::int AS count FROM items GROUP BY 2
     UNION ALL SELECT 'source', source, count(*)::int FROM items GROUP BY 2
     ORDER BY 3 DESC, 2`,
    [projectId, clusterId, period.from.toISOString(), period.to.toISOString()],
  );
  const of = (dimension: string) => rows.rows.filter((row) => row.dimension === dimension).map(({ value, count }) => ({ value, count }));
  return { languages: of('language'), sources: of('source') };
}
