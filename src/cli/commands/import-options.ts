import path from 'node:path';
import { parseArgs } from 'node:util';

export const IMPORT_OPTIONS = {
  project: { type: 'string' },
  format: { type: 'string' },
  map: { type: 'string' },
  report: { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

/** A running service reads the file itself: paths must not depend on the CLI's working directory. */
export function importArgsForServer(args: string[]): string[] {
  const { values, positionals } = parseArgs({ args, options: IMPORT_OPTIONS, allowPositionals: true, strict: false });
  const absolute = positionals.map((file) => path.resolve(file));
  const rest = args.filter((arg) => !positionals.includes(arg));
  const reportIndex = rest.indexOf('--report');
  if (typeof values.report === 'string' && reportIndex >= 0) rest[reportIndex + 1] = path.resolve(values.report);
  return [...absolute, ...rest.map((arg) => (arg.startsWith('--report=') ? `--report=${path.resolve(arg.slice(9))}` : arg))];
}
