import { Type, type Static } from '@sinclair/typebox';
import { ListFeedbackQuery } from '../feedback-list/schema.js';

export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const { cluster, sentiment, source, churnRisk, meta } = ListFeedbackQuery.properties;

/** The list's filters (spec 4.2) without paging: an export is every matching item. */
export const ExportFeedbackQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union(
        EXPORT_FORMATS.map((f) => Type.Literal(f)),
        { description: '`csv` (default: one row per item, a header row first) or `ndjson` (one JSON item per line).' },
      ),
    ),
    cluster,
    sentiment,
    source,
    churnRisk,
    meta,
    before: Type.Optional(Type.String({ format: 'date-time', description: 'Only items created strictly before this instant.' })),
    raw: Type.Optional(
      Type.Boolean({
        description:
          "CSV only. By default a text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so that a " +
          'spreadsheet shows it as text instead of running it as a formula (CSV injection; `-5` too). `true` writes every cell as ' +
          'stored, for a program that reads the file; `true` or `false`, anything else is 400 naming `raw`.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ExportFeedbackQuery = Static<typeof ExportFeedbackQuery>;
