import fs from 'node:fs';
import { submitFeedback } from '../processes/shared/submit-feedback.js';
import { NotFound } from '../domain/errors.js';
import type { CommandContext } from '../eventstore/command-context.js';
import type { CoreServices } from '../services.js';
import type { BadRowSink } from './bad-row-report.js';
import { applyColumnMap, mapNamedColumns, resolveColumns } from './column-map.js';
import { csvEntries } from './csv-entries.js';
import { IMPORT_FORMATS, type ColumnMapping, type ImportFormatName } from './formats.js';
import { rowSubmission, type RowContext } from './row-submission.js';

/** Submissions in flight at once: enough to fill the event store's append batches, few enough to keep memory flat. */
const CONCURRENCY = 16;
/** Rows between two catch-ups of the read models (in a CLI process nothing else moves them). */
const CATCH_UP_EVERY = 2000;

export class ImportFileError extends Error {}

export interface ImportOptions {
  projectId: string;
  path: string;
  format: ImportFormatName;
  map?: string;
  dryRun?: boolean;
  badRows: BadRowSink;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  rows: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ImportSummary {
  rows: number;
  imported: number;
  /** Rows whose item exists already (an earlier import of the same rows), or existed and was deleted since. */
  alreadyPresent: number;
  bad: number;
}

/**
 * Streams a CSV file through the command that POST /feedback runs (redaction, validation, then the
 * same events, so analysis and themes follow), each row under its own Idempotency-Key and marked as
 * a backfill. A bad row is reported by its line and the rest go on; a dry run checks every row and
 * submits none.
 */
export async function importFeedbackFile(services: CoreServices, options: ImportOptions, context: CommandContext): Promise<ImportSummary> {
  const mapping = applyColumnMap(IMPORT_FORMATS[options.format].mapping, options.map);
  const found = await services.db.query(`SELECT 1 FROM projects WHERE project_id = $1`, [options.projectId]);
  if (found.rows.length === 0) throw new ImportFileError(`no project ${options.projectId}`);
  const summary: ImportSummary = { rows: 0, imported: 0, alreadyPresent: 0, bad: 0 };
  const input = fs.createReadStream(options.path);
  await new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', (error) => reject(new ImportFileError(`cannot read ${options.path}: ${error.message}`)));
  });
  const totalBytes = fs.statSync(options.path).size;
  let rowContext: RowContext | undefined;
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;

  const submit = async (row: Parameters<typeof submitFeedback>[1]) => {
    try {
      const outcome = await submitFeedback(services, row, context, { waitForReadModels: false });
      if (outcome.kind === 'accepted') summary.imported++;
      else summary.alreadyPresent++;
    } catch (error) {
      if (error instanceof NotFound)
        summary.alreadyPresent++; // imported before, deleted since: not brought back
      else failure ??= error;
    }
  };

  for await (const entry of csvEntries(input)) {
    if (failure) break;
    summary.rows++;
    if (entry.kind === 'bad') {
      summary.bad++;
      await options.badRows.add({ line: entry.line, problems: [{ field: '(row)', message: entry.problem }] });
      continue;
    }
    rowContext ??= contextFor(options, mapping, Object.keys(entry.values), services.clock.now());
    const outcome = rowSubmission(entry.values, rowContext);
    if (!outcome.ok) {
      summary.bad++;
      await options.badRows.add({ line: entry.line, problems: outcome.problems });
    } else if (!options.dryRun) {
      const task: Promise<void> = submit(outcome.input).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
    }
    if (summary.rows % CATCH_UP_EVERY === 0 && !options.dryRun) await services.engine.catchUp();
    options.onProgress?.({ rows: summary.rows, bytesRead: input.bytesRead, totalBytes });
  }
  await Promise.all(inFlight);
  input.destroy();
  if (failure) throw failure;
  if (!options.dryRun) await services.engine.catchUp();
  options.onProgress?.({ rows: summary.rows, bytesRead: input.bytesRead, totalBytes });
  return summary;
}

function contextFor(options: ImportOptions, mapping: ColumnMapping, header: string[], now: Date): RowContext {
  const format = IMPORT_FORMATS[options.format];
  const missing = mapNamedColumns(options.map).filter((column) => !header.some((name) => name.toLowerCase() === column.toLowerCase()));
  if (missing.length > 0) throw new ImportFileError(`--map names columns the file does not have: "${missing.join('", "')}"`);
  const columns = resolveColumns(mapping, header);
  if (columns.fields.text === undefined && columns.fields.title === undefined) {
    const looked = [...(mapping.fields.text ?? []), ...(mapping.fields.title ?? [])].join('", "');
    throw new ImportFileError(`no column of the file holds the text (looked for "${looked}"); name it with --map text=COLUMN`);
  }
  return { projectId: options.projectId, format: options.format, source: format.source, columns, numericMetadata: mapping.numeric ?? [], now };
}
