import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { encodeExport } from '../../../queries/feedback-export/encode.js';
import { exportedItems } from '../../../queries/feedback-export/items.js';
import { ExportFeedbackQuery } from '../../../queries/feedback-export/schema.js';
import { schemaProblems } from '../../http/validation.js';
import type { Runtime } from '../../runtime.js';
import type { Print } from '../command-table.js';
import { UsageError } from '../output.js';

export const EXPORT_USAGE = `
  feedbackctl export --project ID [--format csv|ndjson] [--cluster ID] [--sentiment S] [--source S]
                     [--meta KEY:VALUE …] [--before TIME] [--out FILE]
                                        every matching item (redacted text), as GET /feedback/export
                                        writes it; to FILE, or to standard output`;

const OPTIONS = {
  project: { type: 'string' },
  format: { type: 'string' },
  cluster: { type: 'string' },
  sentiment: { type: 'string' },
  source: { type: 'string' },
  meta: { type: 'string', multiple: true },
  before: { type: 'string' },
  out: { type: 'string' },
} as const;

/** A running service writes the file itself: the path must not depend on the CLI's working directory. */
export function exportArgsForServer(args: string[]): string[] {
  return args.map((arg, index) => {
    if (args[index - 1] === '--out') return path.resolve(arg);
    return arg.startsWith('--out=') ? `--out=${path.resolve(arg.slice(6))}` : arg;
  });
}

export async function exportCommand(runtime: Runtime, args: string[], print: Print): Promise<void> {
  const { values } = parseArgs({ args, options: OPTIONS });
  const { project, out, ...filters } = values;
  if (!project) throw new UsageError('export needs --project ID');
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  const problems = schemaProblems(ExportFeedbackQuery, query);
  if (problems.length > 0) throw new UsageError(problems.map((p) => `--${p.field.split('.')[0]} ${p.message}`).join('; '));
  const { format = 'csv', ...listFilters } = query as ExportFeedbackQuery;
  const found = await runtime.db.query(`SELECT 1 FROM projects WHERE project_id = $1`, [project]);
  if (found.rows.length === 0) throw new Error(`No project ${project}.`);
  const encoded = encodeExport(exportedItems(runtime.db, project, listFilters), format);
  if (out) {
    await pipeline(encoded, fs.createWriteStream(out, { mode: 0o600 }));
    print(`Exported to ${path.resolve(out)}.`);
    return;
  }
  for await (const chunk of encoded) print(String(chunk).replace(/\r?\n$/, ''));
}
