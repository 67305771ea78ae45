import type { Queryable } from '../../src/db/database.js';
import { FEEDBACK_COLUMNS, type FeedbackRow } from '../shared/feedback-item.js';

export async function findFeedback(db: Queryable, projectId: string, feedbackId: string): Promise<FeedbackRow | undefined> {
  const result = await db.query<FeedbackRow>(`SELECT ${FEEDBACK_COLUMNS} FROM feedback_items WHERE project_id = $1 AND feedback_id = $2`, [
    projectId,
    feedbackId,
  ]);
  return result.rows[0];
}
