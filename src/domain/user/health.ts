import type { Sentiment } from '../feedback/analysis-values.js';

/** Below this score a user is at risk (spec 6, `user.health_changed`). */
export const AT_RISK_BELOW = 40;
/** Feedback older than this does not count; within it, an item's weight halves every `HALF_LIFE_DAYS`. */
export const HEALTH_WINDOW_DAYS = 90;
export const HALF_LIFE_DAYS = 30;

const BASELINE = 60;
const SENTIMENT_SPAN = 30;
const LOST_VALUE = 25;
const SHRUNK_VALUE = 10;
const PER_NEGATIVE_THEME = 5;
const MAX_NEGATIVE_THEMES = 3;

export interface HealthInputs {
  /** The user's items (live and backfilled alike) with their analysed sentiment and `createdAt`. */
  feedback: { sentiment: Sentiment; createdAt: string }[];
  /** The customer-value mark, when the project has one configured and the user has a mark. */
  customerValue?: { current: number; lastPositive: number | null; lostAt: string | null };
  /** Distinct themes not resolved in which the user has a negative item. */
  openNegativeThemes: number;
}

const SENTIMENT_VALUE: Record<Sentiment, number> = { positive: 1, neutral: 0, negative: -1 };

/**
 * A user's health, 0–100 (README, "Health"): 60, plus up to ±30 from the recency-weighted sentiment
 * of their feedback of the last 90 days, minus 25 when their customer value was lost (or 10 when
 * it shrank below its last positive amount), minus 5 per unresolved theme they complained in (at
 * most 3). Rounded to an integer.
 */
export function healthScore(inputs: HealthInputs, now: Date): number {
  let weighted = 0;
  let weights = 0;
  for (const item of inputs.feedback) {
    const ageDays = Math.max(0, (now.getTime() - Date.parse(item.createdAt)) / 86_400_000);
    if (ageDays > HEALTH_WINDOW_DAYS) continue;
    const weight = 0.5 ** (ageDays / HALF_LIFE_DAYS);
    weighted += weight * SENTIMENT_VALUE[item.sentiment];
    weights += weight;
  }
  const sentiment = weights > 0 ? weighted / weights : 0;
  const value = inputs.customerValue;
  const valuePenalty = !value ? 0 : value.lostAt ? LOST_VALUE : value.lastPositive !== null && value.current < value.lastPositive ? SHRUNK_VALUE : 0;
  const themes = Math.min(MAX_NEGATIVE_THEMES, inputs.openNegativeThemes) * PER_NEGATIVE_THEME;
  const score = BASELINE + SENTIMENT_SPAN * sentiment - valuePenalty - themes;
  return Math.round(Math.min(100, Math.max(0, score)));
}

export const isAtRisk = (score: number): boolean => score < AT_RISK_BELOW;
