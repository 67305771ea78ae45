import type { DigestCadence } from '../../domain/project/events.js';

export interface DigestPeriod {
  cadence: Exclude<DigestCadence, 'off'>;
  /** Inclusive, midnight UTC. */
  start: Date;
  /** Exclusive: the next period's start. */
  end: Date;
}

const DAY_MS = 86_400_000;

/**
 * The last period that has ended at `now`, in UTC: daily periods run from midnight to midnight,
 * weekly ones from Monday 00:00 to the next Monday 00:00 (ISO weeks).
 */
export function lastCompletedPeriod(cadence: DigestPeriod['cadence'], now: Date): DigestPeriod {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (cadence === 'daily') return { cadence, start: new Date(today - DAY_MS), end: new Date(today) };
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const thisMonday = today - sinceMonday * DAY_MS;
  return { cadence, start: new Date(thisMonday - 7 * DAY_MS), end: new Date(thisMonday) };
}

/** The period before this one, of the same length (to tell a growing theme). */
export function previousPeriod(period: DigestPeriod): DigestPeriod {
  const length = period.end.getTime() - period.start.getTime();
  return { cadence: period.cadence, start: new Date(period.start.getTime() - length), end: period.start };
}

/** "2026-03-02" for a day, "2026-03-02 to 2026-03-08" for a week (the last day included). */
export function describePeriod(period: DigestPeriod): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const last = new Date(period.end.getTime() - DAY_MS);
  return period.cadence === 'daily' ? day(period.start) : `${day(period.start)} to ${day(last)}`;
}
