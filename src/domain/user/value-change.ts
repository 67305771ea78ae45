/**
 * The latest change of a numeric trait: the amount before it and when it happened. The health
 * model reads growth, shrinkage and loss of the customer value from it (a value mark's
 * `lastPositive` follows every paid amount, so it cannot tell a downgrade). A run of changes in one
 * direction counts as one change: a customer cut from 1200 to 700 to 450 to 430 has shrunk from 1200,
 * not by the last 20 (leaving in slices looks like that).
 */
export interface ValueChange {
  current: string;
  /** The amount before the latest run of changes in one direction; null while the amount has never changed. */
  previous: string | null;
  /** When the latest change was recorded; null while the amount has never changed. */
  changedAt: string | null;
}

/** The change after `amount` is sent at `at`; `change` is undefined the first time. Sending the same amount again changes nothing. */
export function recordChange(change: ValueChange | undefined, amount: string, at: string): ValueChange {
  if (!change) return { current: amount, previous: null, changedAt: null };
  const [before, now, next] = [Number(change.previous), Number(change.current), Number(amount)];
  if (now === next) return change;
  const sameDirection = change.previous !== null && Math.sign(now - before) === Math.sign(next - now);
  return { current: amount, previous: sameDirection ? change.previous : change.current, changedAt: at };
}
