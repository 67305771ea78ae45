import type { Queryable } from '../../src/db/database.js';
import { FEEDBACK_COLUMNS, toFeedbackItem, type FeedbackRow } from '../shared/feedback-item.js';
import { cutPage, decodeCursor } from './cursor.js';
import type { ListFeedbackQuery } from './schema.js';
import { feedbackFilterConditions, metadataFilterGroups, type FeedbackFilters } from '../shared/feedback-filters.js';
import { resolveUserId } from '../../projections/users/resolve-user.js';
import { refuseMoneySegment } from '../cluster-breakdown/no-money-segment.js';

/** The API's parameters, plus the filters the workspace offers besides them (type, language, a period on `createdAt`). */
export type ListFeedbackFilters = ListFeedbackQuery & Pick<FeedbackFilters, 'type' | 'language' | 'from' | 'to'>;

export async function listFeedback(db: Queryable, projectId: string, query: ListFeedbackFilters) {
  const limit = query.limit ?? 50;
  const params: unknown[] = [projectId];
  const where = ['project_id = $1'];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  where.push(...feedbackFilterConditions(query, param));
  if (query.userId !== undefined) {
    const userId = await resolveUserId(db, projectId, query.userId);
    where.push(userId === undefined ? 'false' : `feedback_id IN (SELECT feedback_id FROM user_feedback WHERE project_id = $1 AND user_id = ${param(userId)})`);
  }
  await refuseMoneySegment(
    db,
    projectId,
    'trait',
    (query.trait ?? []).map((pair) => pair.slice(0, pair.indexOf(':'))),
  );
  for (const group of metadataFilterGroups(query.trait ?? [])) {
    where.push(
      `feedback_id IN (SELECT uf.feedback_id FROM user_feedback uf JOIN users u ON u.project_id = uf.project_id AND u.user_id = uf.user_id
                        WHERE uf.project_id = $1 AND (${group.map((json) => `u.traits @> ${param(json)}::jsonb`).join(' OR ')}))`,
    );
  }
  if (query.before) {
    const cursor = decodeCursor(query.before);
    const at = `(timestamptz 'epoch' + ${param(cursor.micros.toString())}::bigint * interval '1 microsecond')`;
    where.push(cursor.seq === undefined ? `created_at < ${at}` : `(created_at, list_seq) < (${at}, ${param(cursor.seq.toString())}::numeric)`);
  }
  const rows = await db.query<FeedbackRow>(
    `SELECT ${FEEDBACK_COLUMNS} FROM feedback_items WHERE ${where.join(' AND ')}
      -- Qualified: a bare list_seq would sort by the output column list_seq::text ('9' > '10'), not the number.
      ORDER BY feedback_items.created_at DESC, feedback_items.list_seq DESC LIMIT ${param(limit + 1)}`,
    params,
  );
  const { page, nextBefore } = cutPage(rows.rows, limit);
  return { items: page.map(toFeedbackItem), nextBefore };
}
