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

/** A cell: emotions joined by `;`, metadata as JSON, booleans as `true`/`false`, an absent value empty. */
function csvCell(column: string, value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (column === 'emotions' && Array.isArray(value)) return value.join(';');
  if (column === 'metadata') return JSON.stringify(value);
  return typeof value === 'number' ? value : String(value);
}

const mapItems = (toChunk: (item: Record<string, unknown>) => unknown, readableObjectMode: boolean) =>
  new Transform({ writableObjectMode: true, readableObjectMode, transform: (item, _encoding, done) => done(null, toChunk(item)) });

/**
 * The items as text in `format`, produced as the consumer reads: the next page is only queried
 * once the previous one has been taken. A client that goes away stops the reading; a failure
 * while reading ends the stream with that error.
 */
export function encodeExport(items: AsyncIterable<Record<string, unknown>>, format: ExportFormat): Readable {
  const done = () => {}; // the last stream carries any error to whoever reads it
  if (format === 'ndjson')
    return pipeline(
      Readable.from(items),
      mapItems((item) => JSON.stringify(item) + '\n', false),
      done,
    );
  const rows = mapItems((item) => CSV_COLUMNS.map((column) => csvCell(column, item[column])), true);
  return pipeline(Readable.from(items), rows, stringify({ header: true, columns: CSV_COLUMNS }), done);
}
