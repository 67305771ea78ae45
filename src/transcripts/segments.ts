/**
 * A call as turns of speech, whatever form it came in (`segments`, plain `text`, WebVTT). Only
 * what is needed to decide intake is derived from it; the text itself is never stored.
 */

/** Spec 8: a call is read into at most 5,000 segments of at most 20,000 characters each. */
export const MAX_SEGMENTS = 5_000;
export const SEGMENT_TEXT_LIMIT_CHARS = 20_000;

/** A turn as read, before speaker mapping: `label` is null when the text named no speaker. */
export interface ReadSegment {
  label: string | null;
  text: string;
  /** Seconds from the start of the call, when the form gives it. */
  startSec: number | null;
  /** Seconds from the start of the call at which the turn ends, when the form gives it (WebVTT). */
  endSec: number | null;
  /** The 1-based line of the text where the turn starts (0 for `segments`, which have no lines). */
  line: number;
}

export type ReadResult = { ok: true; segments: ReadSegment[] } | { ok: false; line: number; message: string };

export const unreadable = (line: number, message: string): ReadResult => ({ ok: false, line, message });

export const tooManySegments = (line: number): ReadResult =>
  unreadable(line, `gives more than ${MAX_SEGMENTS.toLocaleString('en')} segments (segment ${(MAX_SEGMENTS + 1).toLocaleString('en')} starts on line ${line})`);

/** Characters as Unicode code points (an emoji counts once), counted only when UTF-16 length cannot decide. */
export function overTextLimit(text: string): boolean {
  if (text.length <= SEGMENT_TEXT_LIMIT_CHARS) return false;
  if (text.length > 2 * SEGMENT_TEXT_LIMIT_CHARS) return true;
  let count = 0;
  for (const _ of text) if (++count > SEGMENT_TEXT_LIMIT_CHARS) return true;
  return false;
}

/** The first segment whose text is over the limit, as a read failure naming its line. */
export function segmentLengthProblem(segments: ReadSegment[]): ReadResult | undefined {
  const long = segments.find((segment) => overTextLimit(segment.text));
  if (!long) return undefined;
  return unreadable(long.line, `the turn starting on line ${long.line} is over ${SEGMENT_TEXT_LIMIT_CHARS.toLocaleString('en')} characters`);
}
