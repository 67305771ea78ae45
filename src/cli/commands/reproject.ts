import { parseArgs } from 'node:util';
import type { Runtime } from '../../runtime.js';
import { progressReporter, UsageError } from '../output.js';

export async function reprojectCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { all: { type: 'boolean' } } });
  const known = runtime.engine.projectorNames;
  const names = values.all ? known : positionals;
  if (names.length === 0) throw new UsageError(`reproject needs a projection name or --all (projections: ${known.join(', ')})`);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new UsageError(`unknown projection ${unknown.join(', ')} (projections: ${known.join(', ')})`);
  const total = await runtime.store.countAll?.();
  await runtime.engine.reset(names);
  const progress = progressReporter(`reproject ${names.join(', ')}`);
  const processed = await runtime.engine.catchUp(({ processed }) => progress.update(processed, total));
  progress.done(`${processed} events replayed`);
  print(`Rebuilt ${names.join(', ')}`);
}
