import type { HealthFactor, HealthInputs, HealthItem } from './health-inputs.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 Nov", with the year when it is not the current one ("12 Nov 2025"); UTC. */
export function dayLabel(at: string, now: Date): string {
  const date = new Date(at);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  return date.getUTCFullYear() === now.getUTCFullYear() ? day : `${day} ${date.getUTCFullYear()}`;
}

const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** Whole days between the oldest and the newest of the items (newest first). */
const spanDays = (items: HealthItem[]) => Math.round((Date.parse(items[0].createdAt) - Date.parse(items.at(-1)!.createdAt)) / 86_400_000);

const times = (count: number, one: string, many: string) => (count === 1 ? one : many.replace('#', String(count)));

interface Context {
  /** The factor's items, newest first. */
  items: HealthItem[];
  fixes: { resolvedAt: string | null; items: HealthItem[] }[];
  customerValue: HealthInputs['customerValue'];
  entry: { sustainedReports: number; sustainedWithinDays: number; sustainedOverAtLeastDays: number; sustainedRecentWithinDays: number };
  watch: { openProblemWithinDays: number; recentFixWithinDays: number };
  now: Date;
}

/** A factor in plain words, as a success manager would say it (no item text: it may hold personal data). */
export function describeFactor(factor: HealthFactor, { items, fixes, customerValue, entry, watch, now }: Context): string {
  const latest = items[0] && dayLabel(items[0].createdAt, now);
  const count = items.length;
  switch (factor) {
    case 'churn_threat': {
      const fixed = items.every((item) => item.theme?.resolved) ? ' (the problem has since been resolved)' : '';
      return `${times(count, `Threatened to leave on ${latest}`, `Threatened to leave # times, last on ${latest}`)}${fixed}`;
    }
    case 'open_problems':
      return times(count, `Reported a problem on ${latest}, not resolved yet`, `Reported # problems not resolved yet, latest on ${latest}`);
    case 'resolved_problems':
      return times(
        count,
        `Reported a problem on ${latest} that has since been resolved`,
        `Reported # problems that have since been resolved, latest on ${latest}`,
      );
    case 'repeated_problems':
      return `Reported ${count} problems over ${spanDays(items)} days, none resolved yet: sustained unhappiness, latest on ${latest}`;
    case 'problems_fixed': {
      const dated = fixes.map((fix) => fix.resolvedAt).filter((at): at is string => at !== null);
      dated.sort((a, b) => Date.parse(b) - Date.parse(a));
      const when = dated.length > 0 ? `, latest on ${dayLabel(dated[0], now)}` : '';
      return times(fixes.length, `A problem they reported was resolved${when}`, `# problems they reported were resolved${when}`);
    }
    case 'negative_feedback':
      return times(count, `Wrote a negative message on ${latest}`, `Wrote # negative messages, latest on ${latest}`);
    case 'positive_feedback':
      return times(count, `Wrote positive feedback on ${latest}`, `Wrote positive feedback # times, latest on ${latest}`);
    case 'requests_and_questions':
      return times(count, 'Sent a feature request or question: not a complaint, no effect', 'Sent # feature requests or questions: not complaints, no effect');
    case 'value_lost':
      return customerValue?.lostAt
        ? `Stopped paying on ${dayLabel(customerValue.lostAt, now)}${customerValue.previous ? ` (customer value ${amount(customerValue.previous)} → ${amount(customerValue.current)})` : ''}`
        : 'Stopped paying';
    case 'value_shrunk':
    case 'value_grew': {
      const { previous, current, changedAt } = customerValue!;
      const verb = factor === 'value_shrunk' ? 'dropped' : previous === 0 ? 'started' : 'grew';
      return verb === 'started'
        ? `Started paying on ${dayLabel(changedAt!, now)} (customer value ${amount(current)})`
        : `Customer value ${verb} from ${amount(previous!)} to ${amount(current)} on ${dayLabel(changedAt!, now)}`;
    }
    case 'kept_out_of_at_risk':
      return (
        `No churn threat, loss of value (stopped paying, or a sharp cut with a complaint) or sustained complaints (${entry.sustainedReports} open problem reports within ` +
        `${entry.sustainedWithinDays} days, at least ${entry.sustainedOverAtLeastDays} days apart or all in the last ` +
        `${entry.sustainedRecentWithinDays}): kept out of the at-risk band`
      );
    case 'kept_out_of_healthy':
      return (
        `Not healthy while a problem reported in the last ${watch.openProblemWithinDays} days is open, or for ` +
        `${watch.recentFixWithinDays} days after a fix, to see it hold (latest item ${latest})`
      );
  }
}
