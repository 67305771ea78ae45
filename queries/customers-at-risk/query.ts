import type { Queryable } from '../../src/db/database.js';
import type { HealthBand, HealthReason } from '../../src/domain/user/health.js';
import { assessHealth, HEALTH_MODEL } from '../../src/resources/health-model.js';
import { healthInputsOfUsers } from '../../src/work/user-health/health-inputs.js';

export type RiskBandFilter = 'at_risk' | 'watch' | 'all';
export const RISK_BAND_FILTERS: readonly RiskBandFilter[] = ['at_risk', 'watch', 'all'];

/** Most users scored for one page: the ones that can be below healthy, recorded at-risk and most valuable first. */
export const MAX_SCORED = 300;

export interface CustomerAtRisk {
  userId: string;
  score: number;
  band: Exclude<HealthBand, 'healthy'>;
  /** The amount of the project's customerValueTrait; null when the project names none or the user has no mark. */
  value: number | null;
  lastFeedbackAt: string | null;
  reasons: HealthReason[];
}

export interface CustomersAtRisk {
  customers: CustomerAtRisk[];
  /** More users had evidence against them than were scored (`MAX_SCORED`): the least valuable were left out. */
  truncated: boolean;
}

interface CandidateRow {
  user_id: string;
  value: string | null;
  last_feedback_at: Date | null;
}

const BAND_ORDER = { at_risk: 0, watch: 1 } as const;

/**
 * The users of a project at risk or to watch, at-risk first, then by customer value (highest first).
 * Only users with something against them in the health lookback can score below healthy (silence and
 * praise never do, `health.ts`), so only they are scored, with the same inputs and model as
 * `GET /users/{id}`: those the health worker last recorded at risk, then any with a non-positive item
 * or a change of value in the lookback, at most `MAX_SCORED` of them. Shadow users (known only by
 * an email, their `userId`) are listed too: they are scored and alerted on like identified users.
 */
export async function customersAtRisk(db: Queryable, projectId: string, band: RiskBandFilter, limit: number, now: Date): Promise<CustomersAtRisk> {
  const since = new Date(now.getTime() - HEALTH_MODEL.lookbackDays * 86_400_000).toISOString();
  const candidates = await db.query<CandidateRow>(
    `SELECT u.user_id, m.current::text AS value, latest.created_at AS last_feedback_at
       FROM users u
       JOIN projects p ON p.project_id = u.project_id
       LEFT JOIN user_value_marks m ON m.project_id = u.project_id AND m.user_id = u.user_id AND m.trait = p.settings->>'customerValueTrait'
       LEFT JOIN LATERAL (
         SELECT f.created_at FROM user_feedback uf JOIN feedback_items f USING (feedback_id)
          WHERE uf.project_id = u.project_id AND uf.user_id = u.user_id ORDER BY f.created_at DESC LIMIT 1) latest ON true
       LEFT JOIN health_at_risk r ON r.project_id = u.project_id AND r.user_id = u.user_id
      WHERE u.project_id = $1 AND (
            r.user_id IS NOT NULL
         OR m.changed_at >= $2 OR m.lost_at >= $2
         OR EXISTS (SELECT 1 FROM user_feedback uf JOIN feedback_items f USING (feedback_id)
                     WHERE uf.project_id = u.project_id AND uf.user_id = u.user_id
                       AND f.created_at >= $2 AND f.sentiment IS NOT NULL AND (f.sentiment <> 'positive' OR f.churn_risk)))
      ORDER BY (r.user_id IS NOT NULL) DESC, m.current DESC NULLS LAST, latest.created_at DESC NULLS LAST, u.user_id
      LIMIT $3`,
    [projectId, since, MAX_SCORED + 1],
  );
  const rows = candidates.rows.slice(0, MAX_SCORED);
  const inputs = await healthInputsOfUsers(
    db,
    projectId,
    rows.map((row) => row.user_id),
    now,
  );
  const customers: CustomerAtRisk[] = [];
  for (const row of rows) {
    const health = assessHealth(inputs.get(row.user_id)!, now);
    if (health.band === 'healthy' || (band !== 'all' && health.band !== band)) continue;
    customers.push({
      userId: row.user_id,
      score: health.score,
      band: health.band,
      value: row.value === null ? null : Number(row.value),
      lastFeedbackAt: row.last_feedback_at ? new Date(row.last_feedback_at).toISOString() : null,
      reasons: health.reasons,
    });
  }
  customers.sort((a, b) => BAND_ORDER[a.band] - BAND_ORDER[b.band] || (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.score - b.score);
  return { customers: customers.slice(0, limit), truncated: candidates.rows.length > MAX_SCORED };
}
