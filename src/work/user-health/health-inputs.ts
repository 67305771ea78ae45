import type { Queryable } from '../../db/database.js';
import type { FeedbackType, Sentiment } from '../../domain/feedback/analysis-values.js';
import type { HealthAssessment, HealthInputs } from '../../domain/user/health.js';
import { assessHealth, HEALTH_MODEL } from '../../resources/health-model.js';

/** The newest items read; far more than any score needs (older ones weigh next to nothing next to them). */
const MAX_ITEMS = 500;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

interface ItemRow {
  feedback_id: string;
  sentiment: Sentiment;
  sentiment_score: number | null;
  type: FeedbackType | null;
  churn_risk: boolean;
  created_at: Date;
  cluster_id: string | null;
  resolved: boolean | null;
  resolved_at: Date | null;
}

/** What a user's health is computed from, read from the read models (`health.ts` says how). */
export async function healthInputsOf(db: Queryable, projectId: string, userId: string, now: Date): Promise<HealthInputs> {
  return (await healthInputsOfUsers(db, projectId, [userId], now)).get(userId)!;
}

/** The inputs of several users of one project at once, in two queries (a list page scores up to a few hundred). */
export async function healthInputsOfUsers(db: Queryable, projectId: string, userIds: string[], now: Date): Promise<Map<string, HealthInputs>> {
  const since = new Date(now.getTime() - HEALTH_MODEL.lookbackDays * 86_400_000).toISOString();
  const feedback = await db.query<ItemRow & { user_id: string }>(
    `SELECT * FROM (
       SELECT uf.user_id, f.feedback_id, f.sentiment, f.sentiment_score, f.type, f.churn_risk, f.created_at,
              c.cluster_id, c.status = 'resolved' AS resolved, c.resolved_at,
              row_number() OVER (PARTITION BY uf.user_id ORDER BY f.created_at DESC) AS rank
         FROM user_feedback uf JOIN feedback_items f USING (feedback_id) LEFT JOIN clusters c ON c.cluster_id = f.cluster_id
        WHERE uf.project_id = $1 AND uf.user_id = ANY($2::text[]) AND f.sentiment IS NOT NULL AND f.created_at >= $3) items
      WHERE rank <= ${MAX_ITEMS} ORDER BY user_id, created_at DESC`,
    [projectId, userIds, since],
  );
  const values = await db.query<{ user_id: string; current: string; previous_amount: string | null; changed_at: Date | null; lost_at: Date | null }>(
    `SELECT m.user_id, m.current, m.previous_amount, m.changed_at, m.lost_at FROM user_value_marks m JOIN projects p USING (project_id)
      WHERE m.project_id = $1 AND m.user_id = ANY($2::text[]) AND m.trait = p.settings->>'customerValueTrait'`,
    [projectId, userIds],
  );
  const inputs = new Map<string, HealthInputs>(userIds.map((id) => [id, { feedback: [] }]));
  for (const row of feedback.rows)
    inputs.get(row.user_id)?.feedback.push({
      feedbackId: row.feedback_id,
      createdAt: new Date(row.created_at).toISOString(),
      sentiment: row.sentiment,
      sentimentScore: row.sentiment_score ?? 0,
      type: row.type ?? 'other',
      churnRisk: row.churn_risk,
      theme:
        row.cluster_id === null ? null : { clusterId: row.cluster_id, resolved: row.resolved === true, resolvedAt: row.resolved ? iso(row.resolved_at) : null },
    });
  for (const mark of values.rows) {
    const userInputs = inputs.get(mark.user_id);
    if (userInputs)
      userInputs.customerValue = {
        current: Number(mark.current),
        previous: mark.previous_amount === null ? null : Number(mark.previous_amount),
        changedAt: iso(mark.changed_at),
        lostAt: iso(mark.lost_at),
      };
  }
  return inputs;
}

/** The health a user has now, as `GET /users/{id}` shows it and the health worker records it. */
export async function userHealth(db: Queryable, projectId: string, userId: string, now: Date): Promise<HealthAssessment> {
  return assessHealth(await healthInputsOf(db, projectId, userId, now), now);
}
