import { MAX_SEGMENTS, segmentLengthProblem, tooManySegments, unreadable, type ReadResult, type ReadSegment } from './segments.js';

/** `[HH:MM:SS]` (hours may have one to three digits) at the start of a line. */
const TIMESTAMP = /^\[(\d{1,3}):(\d{2}):(\d{2})\]\s*/;
/**
 * A speaker label: `Them:`, `Me:` or `<Name>:` at the start of a line (after an optional timestamp),
 * followed by white space or the end of the line. A name starts with a letter, is at most 60
 * characters of letters, digits, spaces and `.'’_-()&`, and at most five words, so that ordinary
 * prose ("Note that: ..." is six words short of a label, "https://..." has no space after the colon)
 * is rarely taken for a label.
 */
const LABEL = /^(\p{L}[\p{L}\p{M}\p{N} .'’_\-()&]{0,59}?)\s*:(?:\s+|$)/u;
const MAX_LABEL_WORDS = 5;

/**
 * Reads format `text` (spec 4.13 rule 2): each labelled line starts a turn; a line without a label
 * continues the previous turn (or starts an unlabelled one when no label came before); blank lines
 * are skipped. Timestamps give the turn's start and are not part of its text.
 */
export function readPlainText(text: string): ReadResult {
  const lines = text.split(/\r\n|\r|\n/);
  const segments: ReadSegment[] = [];
  let current: ReadSegment | undefined;
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    let line = lines[index].trim();
    if (line.length === 0) continue;
    let startSec: number | null = null;
    const stamp = TIMESTAMP.exec(line);
    if (stamp) {
      const [hours, minutes, seconds] = stamp.slice(1, 4).map(Number);
      if (minutes > 59 || seconds > 59)
        return unreadable(lineNumber, `line ${lineNumber} has the timestamp ${stamp[0].trim()} with minutes or seconds over 59`);
      startSec = hours * 3600 + minutes * 60 + seconds;
      line = line.slice(stamp[0].length);
    }
    const label = LABEL.exec(line);
    if (label && label[1].trim().split(/\s+/).length <= MAX_LABEL_WORDS) {
      if (segments.length === MAX_SEGMENTS) return tooManySegments(lineNumber);
      current = { label: label[1].trim(), text: line.slice(label[0].length).trim(), startSec, endSec: null, line: lineNumber };
      segments.push(current);
    } else if (current) {
      if (line.length > 0) current.text = current.text ? `${current.text}\n${line}` : line;
    } else {
      current = { label: null, text: line, startSec, endSec: null, line: lineNumber };
      segments.push(current);
    }
  }
  return segmentLengthProblem(segments) ?? { ok: true, segments };
}
