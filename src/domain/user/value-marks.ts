import type { UserIdentified } from './events.js';

/**
 * What the service remembers of a numeric trait sent by a secret key (spec 2.3 `valueMarks`).
 * Amounts are exact decimal strings; times are ISO 8601.
 */
export interface ValueMark {
  current: string;
  /** The last amount above zero; null while none has been recorded. */
  lastPositive: string | null;
  /** When `lastPositive` was recorded; null while none has been. */
  lastPositiveAt: string | null;
  /** When the user went from zero to paying; null when already paying when first seen. */
  payingSince: string | null;
  /** When the user went from paying to zero; null while paying. */
  lostAt: string | null;
}

/** A JSON number as an exact decimal: the shortest text that reads back as the same number (49.99 → "49.99"). */
export const decimalOf = (value: number): string => String(value);

/** Zero and below is "not paying"; the spec's customer value is never negative, other numeric traits may be. */
const paying = (amount: string) => Number(amount) > 0;

/** Both are decimals of doubles (or of at most 15 digits), so equal numbers mean equal amounts. */
const sameAmount = (a: string, b: string) => Number(a) === Number(b);

/** The mark after a secret key sends `amount` at `at`; `mark` is undefined the first time. */
export function recordAmount(mark: ValueMark | undefined, amount: string, at: string): ValueMark {
  if (!mark) {
    return paying(amount)
      ? { current: amount, lastPositive: amount, lastPositiveAt: at, payingSince: null, lostAt: null }
      : { current: amount, lastPositive: null, lastPositiveAt: null, payingSince: null, lostAt: null };
  }
  const wasPaying = paying(mark.current);
  if (!paying(amount)) return { ...mark, current: amount, lostAt: wasPaying ? at : mark.lostAt };
  if (!wasPaying) return { current: amount, lastPositive: amount, lastPositiveAt: at, payingSince: at, lostAt: null };
  if (sameAmount(mark.current, amount)) return mark;
  return { ...mark, current: amount, lastPositive: amount, lastPositiveAt: at };
}

/** The amounts an identify call records as value marks: its numeric traits, when a secret key sent them. */
export function markedAmounts(event: UserIdentified['data']): [trait: string, amount: string][] {
  return event.byKeyType === 'secret' ? Object.entries(event.numbersSet) : [];
}
