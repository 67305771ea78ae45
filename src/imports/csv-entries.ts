import { parse, type Options } from 'csv-parse';
import { Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { boundRecords, recordProblem, type RecordProblem } from './csv-records.js';

/** One data row of a CSV file, or the reason it cannot be read; `line` is the physical line where it starts. */
export type CsvEntry = { kind: 'row'; line: number; values: Record<string, string> } | { kind: 'bad'; line: number; problem: string };

/** A record longer than this (a runaway quoted field) is reported, not buffered further. */
const MAX_RECORD_CHARS = 1_000_000;

/**
 * Bytes to text: UTF-8, or UTF-16 when the file starts with its byte order mark (Google Play's
 * review reports are UTF-16LE). A byte order mark is dropped.
 */
function decodeText(): Transform {
  let decoder: StringDecoder | undefined;
  let first = true;
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      if (!decoder) decoder = new StringDecoder(chunk[0] === 0xff && chunk[1] === 0xfe ? 'utf16le' : 'utf8');
      let text = decoder.write(chunk);
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      done(null, text.length > 0 ? text : undefined);
    },
    flush(done) {
      const rest = decoder?.end() ?? '';
      done(null, rest.length > 0 ? rest : undefined);
    },
  });
}

const LINE_BREAK = /\r\n|\r|\n/g;
const LEADING_BREAKS = /^(?:\r\n|\r|\n)*/;
const countBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

const TOO_LONG = `the row is longer than ${MAX_RECORD_CHARS} characters`;
const UNCLOSED = 'a quoted field is never closed (the file ends inside it)';

/** Problems named without quoting the file: a CSV error message of the parser would echo the row's text. */
function describeCsvError(code: string | undefined): string {
  if (code === 'CSV_QUOTE_NOT_CLOSED') return UNCLOSED;
  if (code === 'CSV_MAX_RECORD_SIZE') return TOO_LONG;
  return `the row cannot be read as CSV (${code ?? 'parse error'})`;
}

/** The bad entry for a record replaced before parsing; `line` is where the record starts. */
function badRecord(problem: RecordProblem, line: number): CsvEntry {
  if (problem.kind === 'too-long') {
    return {
      kind: 'bad',
      line,
      problem: problem.breaks === 0 ? TOO_LONG : `the row (lines ${line} to ${line + problem.breaks}) is longer than ${MAX_RECORD_CHARS} characters`,
    };
  }
  const quoteLine = line + problem.quoteBreaks;
  if (problem.kind === 'unclosed-quote') return { kind: 'bad', line: quoteLine, problem: `${UNCLOSED}: none of the lines after this one was imported` };
  return {
    kind: 'bad',
    line: quoteLine,
    problem:
      `a quoted field opened on this line was closed only by a quote followed by text on line ${line + problem.strayBreaks}, ` +
      `so lines ${quoteLine} to ${line + problem.breaks} were read as one row and none of them was imported ` +
      '(inside a quoted field, write a quote as "")',
  };
}

/**
 * The data rows of a CSV file, read as a stream (memory stays flat whatever the file's size; the
 * parser waits while the consumer is busy). The first row names the columns. A row with more
 * fields than the header, one the parser cannot read, one over the length limit, or a quoted field
 * that swallowed the lines after it, is one `bad` entry; the rows after it still come. Line numbers
 * count physical lines, so a quoted field spanning lines moves them on.
 */
export async function* csvEntries(input: Readable): AsyncGenerator<CsvEntry> {
  let nextLine = 1;
  /** The line a record starts on, given its raw text (blank lines skipped before it included). */
  const place = (raw: string | undefined): number => {
    const text = raw ?? '';
    const start = nextLine + countBreaks(LEADING_BREAKS.exec(text)![0]);
    nextLine += countBreaks(text);
    return start;
  };
  let header: string[] | undefined;
  // Unreadable rows are reported by a callback, not emitted: each entry gets its place in the file's
  // order, so that they come out between the rows they were found between.
  let order = 0;
  const orderOf = new WeakMap<CsvEntry, number>();
  const numbered = (entry: CsvEntry) => (orderOf.set(entry, order++), entry);
  const unreadable: CsvEntry[] = [];
  const unreadableBefore = (limit: number) => {
    let count = 0;
    while (count < unreadable.length && orderOf.get(unreadable[count])! < limit) count++;
    return unreadable.splice(0, count);
  };

  // With `raw`, each record reaches `on_record` with its raw text; what it returns is what the parser emits.
  const options: Options<CsvEntry, { record: string[]; raw: string }> = {
    raw: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // boundRecords keeps records within the limit; this only guards against a disagreement on where one ends.
    max_record_size: 2 * MAX_RECORD_CHARS,
    skip_records_with_error: true,
    on_skip: (error, raw) => {
      unreadable.push(numbered({ kind: 'bad', line: place(raw), problem: describeCsvError(error?.code) }));
    },
    on_record: ({ record: fields, raw }): CsvEntry | null => {
      const line = place(raw);
      const replaced = recordProblem(fields);
      if (replaced) {
        nextLine += replaced.breaks;
        return numbered(badRecord(replaced, line));
      }
      if (!header) {
        header = fields.map((name) => name.trim());
        return null;
      }
      if (fields.length > header.length)
        return numbered({ kind: 'bad', line, problem: `the row has ${fields.length} fields, the header names ${header.length}` });
      const values: Record<string, string> = {};
      header.forEach((name, index) => (values[name] = fields[index] ?? ''));
      return numbered({ kind: 'row', line, values });
    },
  };
  // The record type only changes what `on_record` returns; parse() is typed for string[] records without `columns`.
  const parser = parse(options as unknown as Options);
  input.once('error', (error) => parser.destroy(error));
  const records = input.pipe(decodeText()).pipe(boundRecords(MAX_RECORD_CHARS)).pipe(parser);
  for await (const entry of records as AsyncIterable<CsvEntry>) {
    yield* unreadableBefore(orderOf.get(entry)!);
    yield entry;
  }
  yield* unreadable.splice(0);
}
