export const SPIKE_MIN_REPORTS = 4;
export const SPIKE_RATE_FACTOR = 3;

export interface SpikeCounts {
  /** Reports in the 24 hours up to the triggering item's own time (backfills count by their time). */
  reportsLast24h: number;
  /** Reports in the 7 days before that window. */
  reportsPriorWeek: number;
}

/** Spec 6: 4 or more reports in 24 hours at 3 times the prior week's daily rate. */
export function isSpike(counts: SpikeCounts): boolean {
  const priorDailyRate = counts.reportsPriorWeek / 7;
  return counts.reportsLast24h >= SPIKE_MIN_REPORTS && counts.reportsLast24h >= SPIKE_RATE_FACTOR * priorDailyRate;
}
