import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { badRowList, badRowReport, type BadRow } from '../../imports/bad-row-report.js';
import { applyColumnMap, ColumnMapError } from '../../imports/column-map.js';
import { IMPORT_FORMAT_NAMES, IMPORT_FORMATS, isImportFormatName } from '../../imports/formats.js';
import { importFeedbackFile, type ImportSummary } from '../../imports/import-feedback-file.js';
import { clearProgress, importProgress, importProgressNotices } from '../../imports/import-progress.js';
import type { Runtime } from '../../runtime.js';
import { cliContext } from '../cli-context.js';
import type { Print, RunMode } from '../command.js';
import { UsageError } from '../output.js';
import { IMPORT_OPTIONS as OPTIONS } from './import-options.js';

const count = (n: number) => n.toLocaleString('en');

function describeBadRows(rows: BadRow[], total: number, print: Print): void {
  for (const row of rows) print(`  line ${row.line}: ${row.problems.map((p) => `${p.field} ${p.message}`).join('; ')}`);
  if (total > rows.length) print(`  … and ${count(total - rows.length)} more`);
}

export async function importCommand(runtime: Runtime, args: string[], print: Print, mode: RunMode = { local: false }): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('import needs exactly one FILE');
  if (!values.project) throw new UsageError('import needs --project ID');
  const format = values.format ?? 'csv';
  if (!isImportFormatName(format)) throw new UsageError(`--format must be one of ${IMPORT_FORMAT_NAMES.join(', ')}`);
  try {
    applyColumnMap(IMPORT_FORMATS[format].mapping, values.map); // a mistake in --map is reported before the report file is created
  } catch (error) {
    if (error instanceof ColumnMapError) throw new UsageError(error.message);
    throw error;
  }
  if (!fs.existsSync(file)) throw new Error(`cannot read ${file}: no such file`);
  const dryRun = values['dry-run'] === true;
  const reportPath = path.resolve(values.report ?? `${file}.bad-rows.csv`);
  const kept = badRowList(20);
  const badRows = dryRun ? kept : badRowReport(reportPath);
  const showProgress = mode.local && process.stderr.isTTY ? importProgress() : mode.progress ? importProgressNotices(mode.progress) : undefined;
  let summary: ImportSummary;
  try {
    summary = await importFeedbackFile(
      runtime,
      { projectId: values.project, path: file, format, map: values.map, dryRun, badRows, onProgress: showProgress },
      cliContext(runtime),
    );
  } finally {
    if (mode.local && showProgress) clearProgress();
    await badRows.close();
  }
  const source = IMPORT_FORMATS[format].source;
  if (dryRun) {
    print(
      `Dry run of ${file} (${format}, source ${source}): ${count(summary.rows)} rows, ${count(summary.rows - summary.bad)} to import, ${count(summary.bad)} bad; nothing written.`,
    );
    describeBadRows(kept.rows, summary.bad, print);
    return;
  }
  print(
    `Imported ${file} (${format}, source ${source}) into ${values.project}: ${count(summary.imported)} new, ` +
      `${count(summary.alreadyPresent)} already present, ${count(summary.bad)} bad rows.`,
  );
  print(summary.bad > 0 ? `Bad rows (line numbers and fields, no content): ${reportPath}` : `No bad rows (${reportPath} lists none).`);
}
