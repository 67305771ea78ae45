import { Transform } from 'node:stream';

/**
 * A record the CSV parser cannot be trusted with, replaced before it reaches the parser by a
 * one-field record naming the problem (a NUL starts it, which no importable cell holds).
 */
export type RecordProblem =
  /** Longer than the limit: its text is dropped as it streams by, so memory stays bounded. */
  | { kind: 'too-long'; breaks: number }
  /**
   * A quoted field that spans lines ends at a quote followed by text (`"…\n…"word`): the quote
   * was never meant to close it, so the lines in between are other rows swallowed into this one.
   */
  | { kind: 'stray-quote'; breaks: number; quoteBreaks: number; strayBreaks: number }
  /** The file ends inside a quoted field. */
  | { kind: 'unclosed-quote'; breaks: number; quoteBreaks: number };

const MARK = '\u0000csv-record:';
const KINDS = ['too-long', 'stray-quote', 'unclosed-quote'] as const;

/** Written without commas or quotes, so that the parser reads it as one field. */
function markerRecord(problem: RecordProblem): string {
  const quoteBreaks = 'quoteBreaks' in problem ? problem.quoteBreaks : 0;
  const strayBreaks = problem.kind === 'stray-quote' ? problem.strayBreaks : 0;
  return `${MARK}${problem.kind}:${problem.breaks}:${quoteBreaks}:${strayBreaks}`;
}

/** The problem a record of the parser stands for, when it is a marker. */
export function recordProblem(fields: string[]): RecordProblem | undefined {
  if (fields.length !== 1 || !fields[0].startsWith(MARK)) return undefined;
  const [kind, ...counts] = fields[0].slice(MARK.length).split(':');
  const [breaks, quoteBreaks, strayBreaks] = counts.map(Number);
  if (!(KINDS as readonly string[]).includes(kind) || ![breaks, quoteBreaks, strayBreaks].every(Number.isSafeInteger)) return undefined;
  if (kind === 'too-long') return { kind, breaks };
  if (kind === 'unclosed-quote') return { kind, breaks, quoteBreaks };
  return { kind: 'stray-quote', breaks, quoteBreaks, strayBreaks };
}

const isBreak = (char: string) => char === '\n' || char === '\r';
const UNQUOTED_SPECIAL = /[",\r\n]/g;
const QUOTED_SPECIAL = /["\r\n]/g;

/**
 * Splits the text into records the way the parser does (comma-separated, a field that starts with
 * `"` is quoted, `""` inside it is a quote, a line break outside quotes ends the record), passes the
 * good ones through unchanged and puts a marker record in place of each that is too long, ends a
 * multi-line quoted field on a stray quote, or never closes its quote. Line breaks inside a record
 * are counted (CR LF once) so that the reader keeps physical line numbers.
 */
export function boundRecords(maxChars: number): Transform {
  let record = ''; // the current record's text while it is within the limit
  let tooLong = false;
  let quoted = false;
  let quoteMaybeClosing = false; // a quote inside a quoted field, the next character decides
  let atFieldStart = true;
  let breaks = 0;
  let quoteBreaks = 0;
  let stray: number | undefined;
  let previous = '';

  const reset = () => {
    record = '';
    tooLong = false;
    quoted = false;
    quoteMaybeClosing = false;
    atFieldStart = true;
    breaks = 0;
    stray = undefined;
  };
  const keep = (part: string) => {
    if (tooLong) return;
    record += part;
    if (record.length > maxChars) {
      tooLong = true;
      record = '';
    }
  };
  const finished = (): string => {
    if (tooLong) return markerRecord({ kind: 'too-long', breaks });
    if (stray !== undefined) return markerRecord({ kind: 'stray-quote', breaks, quoteBreaks, strayBreaks: stray });
    return record;
  };

  return new Transform({
    objectMode: true,
    transform(text: string, _encoding, done) {
      let out = '';
      let start = 0; // where the current record's unsaved text begins in `text`
      let index = 0;
      while (index < text.length) {
        if (quoteMaybeClosing) {
          const next = text[index];
          quoteMaybeClosing = false;
          if (next === '"') {
            previous = next; // "" is a quote
            index++;
            continue;
          }
          quoted = false;
          if (next !== ',' && !isBreak(next)) {
            if (breaks > quoteBreaks) stray ??= breaks;
            atFieldStart = false;
          }
        }
        // Only quotes, commas and line breaks matter: jump from one to the next.
        const special = quoted ? QUOTED_SPECIAL : UNQUOTED_SPECIAL;
        special.lastIndex = index;
        const match = special.exec(text);
        if (!match) {
          if (!quoted) atFieldStart = false;
          previous = text[text.length - 1];
          break;
        }
        const at = match.index;
        const char = text[at];
        const before = at > index ? text[at - 1] : previous;
        if (at > index && !quoted) atFieldStart = false;
        previous = char;
        index = at + 1;
        if (quoted) {
          if (char === '"') quoteMaybeClosing = true;
          else if (!(char === '\n' && before === '\r')) breaks++;
          continue;
        }
        if (isBreak(char)) {
          // The record ends before its line break, which passes through as it is.
          keep(text.slice(start, at));
          out += finished() + char;
          reset();
          start = index;
        } else if (char === '"') {
          if (atFieldStart) {
            quoted = true;
            quoteBreaks = breaks;
          }
          atFieldStart = false;
        } else {
          atFieldStart = true;
        }
      }
      keep(text.slice(start));
      done(null, out.length > 0 ? out : undefined);
    },
    flush(done) {
      const last = quoted && !quoteMaybeClosing ? markerRecord({ kind: 'unclosed-quote', breaks, quoteBreaks }) : finished();
      done(null, last.length > 0 ? last : undefined);
    },
  });
}
