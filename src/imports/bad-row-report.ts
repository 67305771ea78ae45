import { stringify } from 'csv-stringify';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type { FieldProblem } from '../domain/errors.js';
import { printableSegment } from '../http/well-formed.js';

export interface BadRow {
  line: number;
  problems: FieldProblem[];
}

export interface BadRowSink {
  add(row: BadRow): Promise<void>;
  close(): Promise<void>;
}

/**
 * The bad rows as CSV (`line,field,problem`), one line per problem. It names the line and the
 * field, never a cell's content: the file is personal data until redacted, and the report is not.
 */
export function badRowReport(path: string): BadRowSink {
  // Opened at once, so an unwritable path stops the import before any row is read.
  const file = fs.createWriteStream('', { fd: fs.openSync(path, 'w', 0o600) });
  const csv = stringify({ header: true, columns: ['line', 'field', 'problem'] });
  csv.pipe(file);
  return {
    async add({ line, problems }) {
      for (const { field, message } of problems) {
        if (!csv.write([line, printableSegment(field), message])) await new Promise((resolve) => csv.once('drain', resolve));
      }
    },
    async close() {
      csv.end();
      await finished(file);
    },
  };
}

/** Bad rows kept for the summary of a dry run (the first `keep` of them), nothing written. */
export function badRowList(keep: number): BadRowSink & { rows: BadRow[] } {
  const rows: BadRow[] = [];
  return {
    rows,
    async add(row) {
      if (rows.length < keep) rows.push(row);
    },
    async close() {},
  };
}
