import type { HealthFactor, HealthInputs, HealthItem } from './health-inputs.js';
import { describeFactor } from './health-wording.js';

export type { HealthFactor, HealthInputs, HealthItem };

/**
 * Customer health: a score 0–100 a success team can act on, with the reasons behind it. The numbers
 * (points, ages, thresholds) are data, a `HealthModel` (`resources/health/health-model.json`); this file holds the rules.
 *
 * The score is a baseline plus signed points, one set per factor, each point weighed by how recent
 * its evidence is (the weight halves every 30 days). Every factor decays with that one clock (or, for
 * the pattern of sustained complaints and the entry rule, ends at a fixed age), so as time passes
 * without news the score only moves back towards the baseline: nobody enters the at-risk band
 * because a date went by, and a new alert always has a new cause.
 *
 * - Nothing to go on is healthy (70): most customers never write, and silence is no complaint.
 * - One item moves the score a little: a fresh problem report (a bug or complaint, or any other
 *   message that reads negative) costs 9 to 15 points, by how negative it reads; several recent ones
 *   add up, and sustained ones (below) cost 20 more as a pattern. Feature requests and questions are
 *   not complaints and cost nothing (3 points when they read negative).
 * - A follow-up counts as a problem report: a plain message (neither positive nor a problem report, no
 *   request or question) written within 3 weeks of an open problem report, before or after it: a customer
 *   chasing a problem, or first describing one they go on to chase, often writes in neutral words.
 * - A churn threat (the analysis' `churnRisk`) costs 65 points: on its own it keeps a customer at
 *   risk for about a month.
 * - Value: a customer who stopped paying costs 55 points (at risk for about a month on its own); one
 *   whose value shrank 40 points times the share lost, and 25 more when it shrank by a quarter or
 *   more (a drop by 30 % in the last week reaches at risk on its own); growth earns 8.
 * - Unresolved problems weigh fully; once the theme a problem belongs to is resolved, its report
 *   counts for about a third (a threat to leave for 60 %), and the fix itself earns 8 points.
 * - Positive feedback earns 3 points, and 5 when written after the customer's latest complaint.
 * - Entering the at-risk band (below 40) takes one of: a churn threat in the last 60 days, the
 *   customer value lost or shrunk by a quarter or more in the last 90 days, or sustained negative
 *   evidence: at least 3 problem reports in the last 60 days whose themes are not resolved, the
 *   oldest and the newest of them at least 14 days apart, or all of them in the last 30 days. Without one, the score stops at 40: a
 *   single ordinary complaint, however angry, never alerts.
 * - Reaching the healthy band (65 and up) is barred while a problem reported in the last 30 days is
 *   not resolved, or for 14 days after a fix, confirmed or not (one more cycle to see it hold): the score
 *   stops at 64.
 * - Revenue decides whom to call first, not the band: the amount itself never changes the score.
 */

/**
 * The numbers of the rules. `bands.atRiskBelow`: below this score a user is at risk (spec 6,
 * `user.health_changed`); `bands.healthyFrom`: from this score on a user is healthy, between the two to
 * watch. `baseline`: the score of a user with nothing to go on. Evidence weighs half as much every
 * `halfLifeDays`, and evidence older than `lookbackDays` (weight under 1/64) is not read. A change of the customer
 * value weighs half as much every `valueHalfLifeDays` instead: money lost stays lost until the customer pays
 * again, where a complaint fades as the experience behind it does.
 *
 * `points`: signed points of each kind of evidence when fresh (weight 1). A problem report costs `problem`
 * plus `problemSeverity` times how negative it reads (|sentimentScore|, 0–1); sustained reports (see
 * `entry`) are a pattern, worse than the sum of the reports. A shrunk value costs `valueShrunk` times
 * the share lost, plus `valueShrunkSharply` when that share counts as a loss of value.
 * `resolvedShare`: what a report weighs once its theme is resolved: the experience happened, the problem
 * is gone. A threat to leave keeps more of its weight: the fix answers it, trust takes longer.
 * `entry`: what lets a score enter the at-risk band; `watch`: what keeps a score out of the healthy band.
 */
export interface HealthModel {
  bands: { atRiskBelow: number; healthyFrom: number };
  baseline: number;
  halfLifeDays: number;
  valueHalfLifeDays: number;
  lookbackDays: number;
  points: {
    churnThreat: number;
    problem: number;
    problemSeverity: number;
    sustainedProblems: number;
    otherNegative: number;
    positive: number;
    positiveAfterComplaint: number;
    problemFixed: number;
    valueLost: number;
    valueShrunk: number;
    valueShrunkSharply: number;
    valueGrew: number;
  };
  resolvedShare: { problem: number; churnThreat: number };
  entry: {
    churnWithinDays: number;
    valueLossWithinDays: number;
    shrunkByAtLeast: number;
    sustainedReports: number;
    sustainedWithinDays: number;
    sustainedOverAtLeastDays: number;
    sustainedRecentWithinDays: number;
  };
  watch: { openProblemWithinDays: number; recentFixWithinDays: number };
  /** A plain message within `withinDays` of an open problem report is part of it (see `followUpsOf`). */
  followUp: { withinDays: number };
  /** How far from neutral (0–1) a sentiment score must be to say more than the item's type (see `evidenceOf`). */
  faintTone: number;
}

export type HealthBand = 'at_risk' | 'watch' | 'healthy';

/** One factor of a score: its signed points (rounded), the items behind it (newest first), and why, in plain words. */
export interface HealthReason {
  factor: HealthFactor;
  points: number;
  feedbackIds: string[];
  text: string;
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

const NEGATIVE_EVIDENCE: readonly Evidence[] = ['churn_threat', 'open_problems', 'resolved_problems', 'negative_feedback'];

const isRequestOrQuestion = (item: HealthItem) => item.type === 'feature_request' || item.type === 'question';

/**
 * Each item is one kind of evidence: a threat to leave first, then a reported problem (a bug or
 * complaint not read clearly positive, or any other message read clearly negative), then its tone. A
 * feature request or a question is never a problem report, whatever its tone. "Clearly" means a
 * sentiment score at least `faintTone` away from neutral: a faint tone says less than the type does
 * ("switched from X last month, the team picked it up in a day" read faintly negative is no problem).
 */
export function evidenceOf(item: HealthItem, faintTone: number): Evidence {
  if (item.churnRisk) return 'churn_threat';
  const problemType = item.type === 'complaint' || item.type === 'bug';
  const problem =
    (problemType && (item.sentiment !== 'positive' || item.sentimentScore < faintTone)) ||
    (!isRequestOrQuestion(item) && item.sentiment === 'negative' && item.sentimentScore <= -faintTone);
  if (problem) return item.theme?.resolved ? 'resolved_problems' : 'open_problems';
  // The team resolved the item's theme: the item reported that problem, even when its wording read neutral.
  if (item.theme?.resolved && !isRequestOrQuestion(item) && item.sentiment !== 'positive') return 'resolved_problems';
  if (item.sentiment === 'negative') return 'negative_feedback';
  if (item.sentiment === 'positive') return 'positive_feedback';
  if (isRequestOrQuestion(item)) return 'requests_and_questions';
  return 'none';
}

/**
 * Follow-ups: messages that read neither positive nor as a problem report, and are no request or question,
 * written within `withinDays` of an open problem report of the same customer (before or after it, its theme
 * not resolved: nothing fixed). They count as problem reports. A customer who reported a problem and writes
 * again within weeks, nothing fixed, is chasing it ("two more no-shows this week", "six weeks now with no
 * data") even when the words read neutral; and a plain message just before such reports is most often the
 * first description of the problem they go on to chase, told as facts ("the screening form lets through
 * people outside the criteria"). A success lead counts each of those contacts. Clustering often puts a chaser
 * apart from the report it chases (they share few words), so the themes are not compared.
 */
export function followUpsOf(items: HealthItem[], kindOf: (item: HealthItem) => Evidence, FOLLOW_UP: HealthModel['followUp']): HealthItem[] {
  const reports = items.filter((item) => kindOf(item) === 'open_problems');
  const windowMs = FOLLOW_UP.withinDays * DAY_MS;
  return items.filter((item) => {
    const kind = kindOf(item);
    if ((kind !== 'none' && kind !== 'negative_feedback') || isRequestOrQuestion(item) || item.theme?.resolved) return false;
    const at = Date.parse(item.createdAt);
    return reports.some((report) => Math.abs(at - Date.parse(report.createdAt)) <= windowMs);
  });
}

export const bandOf = (score: number, model: HealthModel): HealthBand =>
  score < model.bands.atRiskBelow ? 'at_risk' : score < model.bands.healthyFrom ? 'watch' : 'healthy';

interface Tally {
  points: number;
  items: HealthItem[];
}

/** A user's health now: score, band and reasons (see the comment at the top of this file). */
export function assessHealth(inputs: HealthInputs, now: Date, model: HealthModel): HealthAssessment {
  const {
    points: POINTS,
    resolvedShare: RESOLVED_SHARE,
    entry: ENTRY,
    watch: WATCH,
    baseline: BASELINE,
    halfLifeDays: HALF_LIFE_DAYS,
    valueHalfLifeDays: VALUE_HALF_LIFE_DAYS,
    lookbackDays: LOOKBACK_DAYS,
  } = model;
  const { atRiskBelow: AT_RISK_BELOW, healthyFrom: HEALTHY_FROM } = model.bands;
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

  const kinds = new Map(items.map((item) => [item, evidenceOf(item, model.faintTone)]));
  const kindOf = (item: HealthItem) => kinds.get(item)!;
  for (const item of followUpsOf(items, kindOf, model.followUp)) kinds.set(item, 'open_problems');
  const negative = items.filter((item) => NEGATIVE_EVIDENCE.includes(kindOf(item)));
  const lastComplaintAt = negative.length > 0 ? Date.parse(negative[0].createdAt) : -Infinity;
  const fixedThemes = new Map<string, { resolvedAt: string | null; items: HealthItem[] }>();
  for (const item of items) {
    const kind = kindOf(item);
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

  const value = valueChange(inputs.customerValue, ageDays, model);
  if (value)
    add(
      value.factor,
      value.points((at) => 0.5 ** (ageDays(at) / VALUE_HALF_LIFE_DAYS)),
    );
  const sustained = sustainedProblems(items, kindOf, ageDays, model.entry);
  if (sustained) for (const [i, item] of sustained.entries()) add('repeated_problems', i === 0 ? POINTS.sustainedProblems : 0, item);

  const entry = sustained !== undefined || mayEnterAtRisk(items, value, ageDays, model.entry);
  let raw = BASELINE + [...tallies.values()].reduce((sum, tally) => sum + tally.points, 0);
  if (!entry && raw < AT_RISK_BELOW) {
    add('kept_out_of_at_risk', AT_RISK_BELOW - raw);
    raw = AT_RISK_BELOW;
  }
  const heldBack = heldInWatch(items, kindOf, [...fixedThemes.values()], ageDays, model.watch);
  const ceiling = HEALTHY_FROM - 1;
  if (heldBack.length > 0 && raw > ceiling) {
    for (const item of heldBack) add('kept_out_of_healthy', 0, item);
    add('kept_out_of_healthy', ceiling - raw);
    raw = ceiling;
  }
  const score = Math.round(Math.min(100, Math.max(0, raw)));
  const reasons = [...tallies.entries()]
    .map(([factor, tally]): HealthReason & { exact: number } => ({
      factor,
      points: Math.round(tally.points),
      exact: tally.points,
      feedbackIds: tally.items.slice(0, MAX_IDS_PER_REASON).map((item) => item.feedbackId),
      text: describeFactor(factor, {
        items: tally.items,
        fixes: [...fixedThemes.values()],
        customerValue: inputs.customerValue,
        entry: ENTRY,
        watch: WATCH,
        now,
      }),
    }))
    .filter((reason) => reason.points !== 0 || reason.factor === 'requests_and_questions' || reason.factor === 'problems_fixed')
    .sort((a, b) => Math.abs(b.exact) - Math.abs(a.exact))
    .map(({ exact: _exact, ...reason }) => reason);
  const band = bandOf(score, model);
  return { score, band, atRisk: band === 'at_risk', reasons };
}

interface ValueChange {
  factor: 'value_lost' | 'value_shrunk' | 'value_grew';
  /** Counts as a loss of value for entering the at-risk band: stopped paying, or shrunk sharply (see `mayEnterAtRisk`). */
  isLoss: boolean;
  points(weight: (at: string) => number): number;
}

function valueChange(value: HealthInputs['customerValue'], ageDays: (at: string) => number, model: HealthModel): ValueChange | undefined {
  const { points: POINTS, entry: ENTRY, lookbackDays: LOOKBACK_DAYS } = model;
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
    const sharp = share >= ENTRY.shrunkByAtLeast;
    return {
      factor: 'value_shrunk',
      isLoss: sharp && ageDays(changedAt) <= ENTRY.valueLossWithinDays,
      points: (weight) => (POINTS.valueShrunk * share + (sharp ? POINTS.valueShrunkSharply : 0)) * weight(changedAt),
    };
  }
  if (previous < value.current) return { factor: 'value_grew', isLoss: false, points: (weight) => POINTS.valueGrew * weight(changedAt) };
  return undefined;
}

/**
 * A churn threat, or a loss of value (see `ENTRY`); sustained negative evidence is the third way in. A
 * customer who stopped paying, or whose value shrank sharply, may enter on that alone: money leaving is
 * evidence without a word said.
 */
function mayEnterAtRisk(items: HealthItem[], value: ValueChange | undefined, ageDays: (at: string) => number, ENTRY: HealthModel['entry']): boolean {
  if (items.some((item) => item.churnRisk && ageDays(item.createdAt) <= ENTRY.churnWithinDays)) return true;
  return value?.isLoss === true;
}

/**
 * Sustained negative evidence: the open problem reports of the last `ENTRY.sustainedWithinDays`,
 * newest first, when there are at least `ENTRY.sustainedReports` of them and they either go on (the
 * oldest and the newest at least `ENTRY.sustainedOverAtLeastDays` apart) or all came in the last
 * `ENTRY.sustainedRecentWithinDays` (several at once, still fresh); undefined otherwise.
 */
function sustainedProblems(
  items: HealthItem[],
  kindOf: (item: HealthItem) => Evidence,
  ageDays: (at: string) => number,
  ENTRY: HealthModel['entry'],
): HealthItem[] | undefined {
  const open = items.filter((item) => kindOf(item) === 'open_problems' && ageDays(item.createdAt) <= ENTRY.sustainedWithinDays);
  if (open.length < ENTRY.sustainedReports) return undefined;
  const oldest = ageDays(open.at(-1)!.createdAt);
  const goesOn = oldest - ageDays(open[0].createdAt) >= ENTRY.sustainedOverAtLeastDays;
  return goesOn || oldest <= ENTRY.sustainedRecentWithinDays ? open : undefined;
}

/**
 * What keeps a customer out of the healthy band (see `WATCH`): the open problem reports of the last
 * `openProblemWithinDays`, and the items of themes fixed in the last `recentFixWithinDays`. A fresh fix is
 * watched for one more cycle even when the customer said thanks: the problem was theirs days ago, and a
 * success lead waits to see the fix hold before calling the account healthy.
 */
function heldInWatch(
  items: HealthItem[],
  kindOf: (item: HealthItem) => Evidence,
  fixes: { resolvedAt: string | null; items: HealthItem[] }[],
  ageDays: (at: string) => number,
  WATCH: HealthModel['watch'],
): HealthItem[] {
  const recentOpen = items.filter((item) => kindOf(item) === 'open_problems' && ageDays(item.createdAt) <= WATCH.openProblemWithinDays);
  const recentlyFixed = fixes.filter(({ resolvedAt }) => resolvedAt !== null && ageDays(resolvedAt) <= WATCH.recentFixWithinDays).flatMap((fix) => fix.items);
  return [...new Set([...recentOpen, ...recentlyFixed])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
