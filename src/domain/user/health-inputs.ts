import type { FeedbackType, Sentiment } from '../feedback/analysis-values.js';

/** What the health model reads, and the factors its reasons name (`health.ts` scores them, `health-wording.ts` words them). */
export type HealthFactor =
  | 'churn_threat'
  | 'open_problems'
  | 'resolved_problems'
  | 'repeated_problems'
  | 'problems_fixed'
  | 'negative_feedback'
  | 'positive_feedback'
  | 'requests_and_questions'
  | 'value_lost'
  | 'value_shrunk'
  | 'value_grew'
  | 'kept_out_of_at_risk'
  | 'kept_out_of_healthy';

export interface HealthItem {
  feedbackId: string;
  createdAt: string;
  sentiment: Sentiment;
  /** In [-1, 1]. */
  sentimentScore: number;
  type: FeedbackType;
  /** The analysis read a threat to leave, cancel or not renew. */
  churnRisk: boolean;
  /** The item's theme; null while it has none. `resolvedAt` is null when resolved before that time was kept. */
  theme: { clusterId: string; resolved: boolean; resolvedAt: string | null } | null;
}

export interface HealthInputs {
  /** The user's analysed items (live and backfilled alike) of the last `LOOKBACK_DAYS`. */
  feedback: HealthItem[];
  /**
   * The customer-value mark, when the project has one configured and the user has a mark: the amount
   * now, the one before its latest change and when that was (null when never changed), and when the
   * user stopped paying (null while paying).
   */
  customerValue?: { current: number; previous: number | null; changedAt: string | null; lostAt: string | null };
}
