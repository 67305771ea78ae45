import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { encodeExport } from '../../../queries/feedback-export/encode.js';
import { exportedItems } from '../../../queries/feedback-export/items.js';
import { ExportFeedbackQuery } from '../../../queries/feedback-export/schema.js';
import { schemaProblems } from '../../http/validation.js';
import type { Runtime } from '../../runtime.js';
import type { Print } from '../command.js';
import { UsageError } from '../output.js';

const OPTIONS = {
  project: { type: 'string' },
  format: { type: 'string' },
  cluster: { type: 'string' },
  sentiment: { type: 'string' },
  source: { type: 'string' },
  meta: { type: 'string', multiple: true },
  before: { type: 'string' },
  out: { type: 'string' },
  raw: { type: 'boolean' },
} as const;

export async function exportCommand(runtime: Runtime, args: string[], print: Print): Promise<void> {
  const { values } = parseArgs({ args, options: OPTIONS });
  const { project, out, ...filters } = values;
  if (!project) throw new UsageError('export needs --project ID');
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  const problems = schemaProblems(ExportFeedbackQuery, query);
  if (problems.length > 0) throw new UsageError(problems.map((p) => `--${p.field.split('.')[0]} ${p.message}`).join('; '));
  const { format = 'csv', raw, ...listFilters } = query as ExportFeedbackQuery;
  const found = await runtime.db.query(`SELECT 1 FROM projects WHERE project_id = $1`, [project]);
  if (found.rows.length === 0) throw new Error(`No project ${project}.`);
  const encoded = encodeExport(exportedItems(runtime.db, project, listFilters), format, { raw });
  if (out) {
    await pipeline(encoded, fs.createWriteStream(out, { mode: 0o600 }));
    print(`Exported to ${path.resolve(out)}.`);
    return;
  }
  for await (const chunk of encoded) print(String(chunk).replace(/\r?\n$/, ''));
}
