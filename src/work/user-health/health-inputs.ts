import type { Queryable } from '../../db/database.js';
import type { Sentiment } from '../../domain/feedback/analysis-values.js';
import { HEALTH_WINDOW_DAYS, healthScore, isAtRisk, type HealthInputs } from '../../domain/user/health.js';

/** What a user's health is computed from, read from the read models (`health.ts` says how). */
export async function healthInputsOf(db: Queryable, projectId: string, userId: string, now: Date): Promise<HealthInputs> {
  const since = new Date(now.getTime() - HEALTH_WINDOW_DAYS * 86_400_000).toISOString();
  const feedback = await db.query<{ sentiment: Sentiment; created_at: Date }>(
    `SELECT f.sentiment, f.created_at FROM user_feedback uf JOIN feedback_items f USING (feedback_id)
      WHERE uf.project_id = $1 AND uf.user_id = $2 AND f.sentiment IS NOT NULL AND f.created_at >= $3`,
    [projectId, userId, since],
  );
  const value = await db.query<{ current: string; last_positive: string | null; lost_at: Date | null }>(
    `SELECT m.current, m.last_positive, m.lost_at FROM user_value_marks m JOIN projects p USING (project_id)
      WHERE m.project_id = $1 AND m.user_id = $2 AND m.trait = p.settings->>'customerValueTrait'`,
    [projectId, userId],
  );
  const themes = await db.query<{ n: string }>(
    `SELECT count(DISTINCT c.cluster_id) AS n FROM user_feedback uf JOIN feedback_items f USING (feedback_id) JOIN clusters c ON c.cluster_id = f.cluster_id
      WHERE uf.project_id = $1 AND uf.user_id = $2 AND f.sentiment = 'negative' AND c.status <> 'resolved'`,
    [projectId, userId],
  );
  const mark = value.rows[0];
  return {
    feedback: feedback.rows.map((row) => ({ sentiment: row.sentiment, createdAt: new Date(row.created_at).toISOString() })),
    customerValue: mark
      ? {
          current: Number(mark.current),
          lastPositive: mark.last_positive === null ? null : Number(mark.last_positive),
          lostAt: mark.lost_at && new Date(mark.lost_at).toISOString(),
        }
      : undefined,
    openNegativeThemes: Number(themes.rows[0]?.n ?? 0),
  };
}

/** The health a user has now, as `GET /users/{id}` shows it. */
export async function userHealth(db: Queryable, projectId: string, userId: string, now: Date): Promise<{ score: number; atRisk: boolean }> {
  const score = healthScore(await healthInputsOf(db, projectId, userId, now), now);
  return { score, atRisk: isAtRisk(score) };
}
