import type { FeedbackType, Sentiment } from '../feedback/analysis-values.js';
import { describeFactor } from './health-wording.js';

/**
 * Customer health: a score 0–100 a success team can act on, with the reasons behind it.
 *
 * The score is a baseline plus signed points, one set per factor, each point weighed by how recent
 * its evidence is (the weight halves every 30 days). Every factor decays with that one clock (or, for
 * the pattern of sustained complaints and the entry rule, ends at a fixed age), so as time passes
 * without news the score only moves back towards the baseline: nobody enters the at-risk band
 * because a date went by, and a new alert always has a new cause.
 *
 * - Nothing to go on is healthy (70): most customers never write, and silence is no complaint.
 * - One item moves the score a little: a fresh problem report (a bug or complaint) costs 9 to 15
 *   points, by how negative it reads; several recent ones add up, and sustained ones (below) cost 10
 *   more as a pattern. Feature requests and questions are not complaints and cost nothing (3 points
 *   when they read negative, like any other negative message).
 * - A churn threat (the analysis' `churnRisk`) costs 65 points: on its own it keeps a customer at
 *   risk for about a month.
 * - Value: a customer who stopped paying costs 55 points (at risk for about a month on its own), one
 *   whose value shrank 50 points times the share lost (half of it: 25); growth earns 8.
 * - Unresolved problems weigh fully; once the theme a problem belongs to is resolved, its report
 *   counts for about a third (a threat to leave for 60 %), and the fix itself earns 8 points.
 * - Positive feedback earns 3 points, and 5 when written after the customer's latest complaint.
 * - Entering the at-risk band (below 40) takes one of: a churn threat in the last 60 days, the
 *   customer value lost or shrunk by a quarter or more in the last 90 days, or sustained complaints:
 *   at least 3 negative problem reports in the last 30 days whose themes are not resolved. Without
 *   one, the score stops at 40: a single ordinary complaint, however angry, never alerts.
 * - Revenue decides whom to call first, not the band: the amount itself never changes the score.
 */

/** Below this score a user is at risk (spec 6, `user.health_changed`). */
export const AT_RISK_BELOW = 40;
/** From this score on a user is healthy; between the two, to watch. */
export const HEALTHY_FROM = 65;
/** The score of a user with nothing to go on. */
export const BASELINE = 70;
/** Evidence weighs half as much every this many days. */
export const HALF_LIFE_DAYS = 30;
/** Evidence older than this (weight under 1/64) is not read. */
export const LOOKBACK_DAYS = 180;

/** Signed points of each kind of evidence when fresh (weight 1). */
export const POINTS = {
  churnThreat: -65,
  /** A problem report: the base, plus this much more times how negative it reads (|sentimentScore|, 0–1). */
  problem: -9,
  problemSeverity: -6,
  /** Sustained complaints (see `ENTRY`) are a pattern, worse than the sum of the reports. */
  repeatedProblems: -10,
  otherNegative: -3,
  positive: 3,
  positiveAfterComplaint: 5,
  problemFixed: 8,
  valueLost: -55,
  /** Times the share of the value lost. */
  valueShrunk: -50,
  valueGrew: 8,
} as const;
/**
 * What a report weighs once its theme is resolved: the experience happened, the problem is gone.
 * A threat to leave keeps more of its weight: the fix answers it, trust takes longer.
 */
export const RESOLVED_SHARE = { problem: 0.35, churnThreat: 0.6 } as const;

/** What lets a score enter the at-risk band. */
export const ENTRY = {
  churnWithinDays: 60,
  valueLossWithinDays: 90,
  /** Shrinkage by at least this share of the previous value counts as a loss of value. */
  shrunkByAtLeast: 0.25,
  sustainedReports: 3,
  sustainedWithinDays: 30,
} as const;

export type HealthBand = 'at_risk' | 'watch' | 'healthy';

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
  | 'kept_out_of_at_risk';

/** One factor of a score: its signed points (rounded), the items behind it (newest first), and why, in plain words. */
export interface HealthReason {
  factor: HealthFactor;
  points: number;
  feedbackIds: string[];
  text: string;
}

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

export interface HealthAssessment {
  score: number;
  band: HealthBand;
  atRisk: boolean;
  /** Largest effect first; the points add up to the score minus the baseline (before limiting it to 0–100). */
  reasons: HealthReason[];
}

const DAY_MS = 86_400_000;
const MAX_IDS_PER_REASON = 20;

type Evidence = 'churn_threat' | 'open_problems' | 'resolved_problems' | 'negative_feedback' | 'positive_feedback' | 'requests_and_questions' | 'none';

/** Each item is one kind of evidence: a threat to leave first, then a reported problem, then its tone. */
export function evidenceOf(item: HealthItem): Evidence {
  if (item.churnRisk) return 'churn_threat';
  if ((item.type === 'complaint' || item.type === 'bug') && item.sentiment !== 'positive') return item.theme?.resolved ? 'resolved_problems' : 'open_problems';
  if (item.sentiment === 'negative') return 'negative_feedback';
  if (item.sentiment === 'positive') return 'positive_feedback';
  if (item.type === 'feature_request' || item.type === 'question') return 'requests_and_questions';
  return 'none';
}

export const bandOf = (score: number): HealthBand => (score < AT_RISK_BELOW ? 'at_risk' : score < HEALTHY_FROM ? 'watch' : 'healthy');
export const isAtRisk = (score: number): boolean => score < AT_RISK_BELOW;

interface Tally {
  points: number;
  items: HealthItem[];
}

/** A user's health now: score, band and reasons (see the comment at the top of this file). */
export function assessHealth(inputs: HealthInputs, now: Date): HealthAssessment {
  const ageDays = (at: string) => Math.max(0, (now.getTime() - Date.parse(at)) / DAY_MS);
  const weight = (at: string) => 0.5 ** (ageDays(at) / HALF_LIFE_DAYS);
  const items = inputs.feedback.filter((item) => ageDays(item.createdAt) <= LOOKBACK_DAYS).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const tallies = new Map<HealthFactor, Tally>();
  const add = (factor: HealthFactor, points: number, item?: HealthItem) => {
    const tally = tallies.get(factor) ?? { points: 0, items: [] };
    tally.points += points;
    if (item) tally.items.push(item);
    tallies.set(factor, tally);
  };

  const negative = items.filter((item) => ['churn_threat', 'open_problems', 'resolved_problems', 'negative_feedback'].includes(evidenceOf(item)));
  const lastComplaintAt = negative.length > 0 ? Date.parse(negative[0].createdAt) : -Infinity;
  const fixedThemes = new Map<string, { resolvedAt: string | null; items: HealthItem[] }>();
  for (const item of items) {
    const kind = evidenceOf(item);
    const w = weight(item.createdAt);
    const resolved = item.theme?.resolved === true;
    const severity = Math.min(1, Math.abs(Math.min(0, item.sentimentScore)));
    if (kind === 'churn_threat') add(kind, POINTS.churnThreat * (resolved ? RESOLVED_SHARE.churnThreat : 1) * w, item);
    else if (kind === 'open_problems' || kind === 'resolved_problems')
      add(kind, (POINTS.problem + POINTS.problemSeverity * severity) * (resolved ? RESOLVED_SHARE.problem : 1) * w, item);
    else if (kind === 'negative_feedback') add(kind, POINTS.otherNegative * w, item);
    else if (kind === 'positive_feedback')
      add(kind, (Date.parse(item.createdAt) > lastComplaintAt ? POINTS.positiveAfterComplaint : POINTS.positive) * w, item);
    else if (kind === 'requests_and_questions') add(kind, 0, item);
    if ((kind === 'churn_threat' || kind === 'resolved_problems') && item.theme?.resolved) {
      const theme = fixedThemes.get(item.theme.clusterId) ?? { resolvedAt: item.theme.resolvedAt, items: [] };
      theme.items.push(item);
      fixedThemes.set(item.theme.clusterId, theme);
    }
  }
  for (const theme of fixedThemes.values()) {
    // A fix of unknown date earns nothing: it may be long past.
    const points = theme.resolvedAt && ageDays(theme.resolvedAt) <= LOOKBACK_DAYS ? POINTS.problemFixed * weight(theme.resolvedAt) : 0;
    for (const item of theme.items) add('problems_fixed', 0, item);
    add('problems_fixed', points);
  }

  const value = valueChange(inputs.customerValue, ageDays);
  if (value) add(value.factor, value.points(weight));
  const sustained = sustainedProblems(items, ageDays);
  if (sustained.length >= ENTRY.sustainedReports)
    for (const [i, item] of sustained.entries()) add('repeated_problems', i === 0 ? POINTS.repeatedProblems : 0, item);

  const entry = sustained.length >= ENTRY.sustainedReports || mayEnterAtRisk(items, value, ageDays);
  let raw = BASELINE + [...tallies.values()].reduce((sum, tally) => sum + tally.points, 0);
  if (!entry && raw < AT_RISK_BELOW) {
    add('kept_out_of_at_risk', AT_RISK_BELOW - raw);
    raw = AT_RISK_BELOW;
  }
  const score = Math.round(Math.min(100, Math.max(0, raw)));
  const reasons = [...tallies.entries()]
    .map(([factor, tally]): HealthReason & { exact: number } => ({
      factor,
      points: Math.round(tally.points),
      exact: tally.points,
      feedbackIds: tally.items.slice(0, MAX_IDS_PER_REASON).map((item) => item.feedbackId),
      text: describeFactor(factor, { items: tally.items, fixes: [...fixedThemes.values()], customerValue: inputs.customerValue, entry: ENTRY, now }),
    }))
    .filter((reason) => reason.points !== 0 || reason.factor === 'requests_and_questions' || reason.factor === 'problems_fixed')
    .sort((a, b) => Math.abs(b.exact) - Math.abs(a.exact))
    .map(({ exact: _exact, ...reason }) => reason);
  return { score, band: bandOf(score), atRisk: isAtRisk(score), reasons };
}

interface ValueChange {
  factor: 'value_lost' | 'value_shrunk' | 'value_grew';
  /** Counts as a loss of value for entering the at-risk band. */
  isLoss: boolean;
  points(weight: (at: string) => number): number;
}

function valueChange(value: HealthInputs['customerValue'], ageDays: (at: string) => number): ValueChange | undefined {
  if (!value) return undefined;
  if (value.current <= 0 && value.lostAt) {
    const lostAt = value.lostAt;
    if (ageDays(lostAt) > LOOKBACK_DAYS) return undefined;
    return { factor: 'value_lost', isLoss: ageDays(lostAt) <= ENTRY.valueLossWithinDays, points: (weight) => POINTS.valueLost * weight(lostAt) };
  }
  const { previous, changedAt } = value;
  if (previous === null || changedAt === null || value.current <= 0 || ageDays(changedAt) > LOOKBACK_DAYS) return undefined;
  if (previous > value.current) {
    const share = (previous - value.current) / previous;
    return {
      factor: 'value_shrunk',
      isLoss: share >= ENTRY.shrunkByAtLeast && ageDays(changedAt) <= ENTRY.valueLossWithinDays,
      points: (weight) => POINTS.valueShrunk * share * weight(changedAt),
    };
  }
  if (previous < value.current) return { factor: 'value_grew', isLoss: false, points: (weight) => POINTS.valueGrew * weight(changedAt) };
  return undefined;
}

/** A churn threat or a loss of value (see `ENTRY`); sustained complaints are the third way in. */
function mayEnterAtRisk(items: HealthItem[], value: ValueChange | undefined, ageDays: (at: string) => number): boolean {
  return items.some((item) => item.churnRisk && ageDays(item.createdAt) <= ENTRY.churnWithinDays) || value?.isLoss === true;
}

/** The negative reports of problems not resolved in the last `ENTRY.sustainedWithinDays`, newest first. */
const sustainedProblems = (items: HealthItem[], ageDays: (at: string) => number): HealthItem[] =>
  items.filter((item) => evidenceOf(item) === 'open_problems' && item.sentiment === 'negative' && ageDays(item.createdAt) <= ENTRY.sustainedWithinDays);
