/**
 * The latest change of a numeric trait: the amount before it and when it happened. The health
 * model reads growth, shrinkage and loss of the customer value from it (a value mark's
 * `lastPositive` follows every paid amount, so it cannot tell a downgrade).
 */
export interface ValueChange {
  current: string;
  /** The amount before the latest change; null while the amount has never changed. */
  previous: string | null;
  /** When the latest change was recorded; null while the amount has never changed. */
  changedAt: string | null;
}

/** The change after `amount` is sent at `at`; `change` is undefined the first time. Sending the same amount again changes nothing. */
export function recordChange(change: ValueChange | undefined, amount: string, at: string): ValueChange {
  if (!change) return { current: amount, previous: null, changedAt: null };
  if (Number(change.current) === Number(amount)) return change;
  return { current: amount, previous: change.current, changedAt: at };
}
