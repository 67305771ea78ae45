import { Type } from '@sinclair/typebox';
import type { FieldProblem } from '../../src/http/app-error.js';

const DAY_MS = 86_400_000;
export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 366;

export type Bucket = 'day' | 'week';

/** `from` / `to` of a trend: shared by GET /clusters/{id}/trend, GET /trends and the workspace. */
export const PeriodFields = {
  from: Type.Optional(
    Type.String({
      format: 'date-time',
      description: `Start of the period, inclusive. Default: \`to\` minus ${DEFAULT_PERIOD_DAYS} days. At most ${MAX_PERIOD_DAYS} days before \`to\`.`,
    }),
  ),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'End of the period, exclusive; later than `from`. Default: now.' })),
};

export interface Period {
  from: Date;
  to: Date;
}

/** The period asked for, with the defaults filled in (the last 30 days up to now). */
export function resolvePeriod(query: { from?: string; to?: string }, now: Date): Period {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
  return { from, to };
}

/** What is wrong with the period, naming the parameter (run after the schema accepted both as date-times). */
export function periodProblems(query: { from?: string; to?: string }, now: Date): FieldProblem[] {
  const { from, to } = resolvePeriod(query, now);
  if (to.getTime() <= from.getTime())
    return [{ field: query.to ? 'to' : 'from', message: query.to ? 'must be later than `from`' : 'must be earlier than now' }];
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    return [{ field: 'from', message: `the period may span at most ${MAX_PERIOD_DAYS} days` }];
  }
  return [];
}

/** The period of the same length just before. */
export const previousPeriod = ({ from, to }: Period): Period => ({ from: new Date(2 * from.getTime() - to.getTime()), to: from });

/** UTC midnight of the day, or of the Monday of the ISO week, that holds `instant`. */
export function bucketStart(instant: Date, bucket: Bucket): Date {
  const day = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  if (bucket === 'day') return new Date(day);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** The start of every bucket that overlaps the period, oldest first (the first and last may be partial). */
export function bucketStarts({ from, to }: Period, bucket: Bucket): Date[] {
  const step = bucket === 'day' ? DAY_MS : 7 * DAY_MS;
  const starts: Date[] = [];
  for (let t = bucketStart(from, bucket).getTime(); t < to.getTime(); t += step) starts.push(new Date(t));
  return starts;
}
