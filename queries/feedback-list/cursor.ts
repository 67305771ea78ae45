/**
 * The list cursor is a date-time, as the spec requires, meaning "strictly older than this instant".
 * Timestamps are stored to the millisecond, so a page normally ends where one millisecond ends and
 * its cursor is the last item's `createdAt` to the millisecond: it survives a round trip through
 * any date type. Only when more than `limit` items share one millisecond must a page end inside
 * it; then, after the microseconds, the fraction carries 20 more digits, the last item's log
 * sequence, and the cursor must be passed back verbatim.
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

export interface ListedRow {
  created_at: Date;
  list_seq: string;
}

/**
 * Cuts `rows` (newest first, up to `limit + 1` of them) into a page and the cursor of the next one.
 * The page gives back the trailing items of a millisecond that continues past it, unless that
 * would leave it empty.
 */
export function cutPage<Row extends ListedRow>(rows: Row[], limit: number): { page: Row[]; nextBefore: string | null } {
  if (rows.length <= limit) return { page: rows, nextBefore: null };
  const continuing = rows[limit].created_at.getTime();
  let end = limit;
  while (end > 0 && rows[end - 1].created_at.getTime() === continuing) end--;
  if (end > 0) return { page: rows.slice(0, end), nextBefore: rows[end - 1].created_at.toISOString() };
  const last = rows[limit - 1];
  return { page: rows.slice(0, limit), nextBefore: encodeCursor(last.created_at, last.list_seq) };
}
