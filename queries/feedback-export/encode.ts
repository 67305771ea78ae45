import { stringify } from 'csv-stringify';
import { pipeline, Readable, Transform } from 'node:stream';
import type { ExportFormat } from './schema.js';

export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'text',
  'status',
  'sentiment',
  'sentimentScore',
  'type',
  'emotions',
  'language',
  'clusterId',
  'userId',
  'source',
  'metadata',
  'churnRisk',
];

export interface ExportOptions {
  /** CSV: write text cells as stored, without the `'` that keeps a spreadsheet from reading them as formulas. */
  raw?: boolean;
}

/** What a spreadsheet reads as the start of a formula (OWASP CSV injection): `=`, `+`, `-`, `@`, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula, shown as text instead; the stored text is not changed. */
export const neutraliseFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/** A cell: emotions joined by `;`, metadata as JSON, booleans as `true`/`false`, an absent value empty. Numbers the service computed stay numbers. */
function csvCell(column: string, value: unknown, options: ExportOptions): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  let cell: string;
  if (column === 'emotions' && Array.isArray(value)) cell = value.join(';');
  else if (column === 'metadata') cell = JSON.stringify(value);
  else cell = String(value);
  return options.raw ? cell : neutraliseFormula(cell);
}

const mapItems = (toChunk: (item: Record<string, unknown>) => unknown, readableObjectMode: boolean) =>
  new Transform({ writableObjectMode: true, readableObjectMode, transform: (item, _encoding, done) => done(null, toChunk(item)) });

/**
 * The items as text in `format`, produced as the consumer reads: the next page is only queried
 * once the previous one has been taken. A client that goes away stops the reading; a failure
 * while reading ends the stream with that error.
 */
export function encodeExport(items: AsyncIterable<Record<string, unknown>>, format: ExportFormat, options: ExportOptions = {}): Readable {
  const done = () => {}; // the last stream carries any error to whoever reads it
  if (format === 'ndjson')
    return pipeline(
      Readable.from(items),
      mapItems((item) => JSON.stringify(item) + '\n', false),
      done,
    );
  const rows = mapItems((item) => CSV_COLUMNS.map((column) => csvCell(column, item[column], options)), true);
  return pipeline(Readable.from(items), rows, stringify({ header: true, columns: CSV_COLUMNS }), done);
}
