/**
 * The list cursor is a date-time, as the spec requires, that also names the exact item: after the
 * microseconds its fraction carries 20 more digits, the item's log sequence. Items sharing a
 * timestamp are therefore never skipped or repeated across pages. A plain date-time from a caller
 * (up to 6 fractional digits) means "strictly older than this instant".
 */
export interface ListCursor {
  /** Microseconds since the epoch. */
  micros: bigint;
  /** Tie-breaker: list the items with this timestamp whose sequence is below it. */
  seq?: bigint;
}

const SEQ_DIGITS = 20;

export function encodeCursor(createdAt: Date, seq: string): string {
  const iso = createdAt.toISOString(); // millisecond precision, as stored by the service
  return `${iso.slice(0, 23)}000${seq.padStart(SEQ_DIGITS, '0')}Z`;
}

export function decodeCursor(value: string): ListCursor {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(value);
  if (!match) throw new Error('not a date-time');
  const [, base, fraction = '', zone] = match;
  const seconds = BigInt(Date.parse(`${base}${zone}`)) / 1000n;
  const micros = seconds * 1_000_000n + BigInt((fraction.slice(0, 6) || '0').padEnd(6, '0'));
  if (fraction.length === 6 + SEQ_DIGITS) return { micros, seq: BigInt(fraction.slice(6)) };
  return { micros };
}
