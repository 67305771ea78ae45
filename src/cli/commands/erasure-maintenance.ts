import type { Runtime } from '../../runtime.js';
import { runErasureMaintenance } from '../../work/erasure-maintenance.js';

export async function erasureMaintenanceCommand(runtime: Runtime, _args: string[], print: (line: string) => void): Promise<void> {
  const tables = await runErasureMaintenance(runtime);
  print(tables.length === 0 ? 'Nothing to do: no erasure since the last pass.' : `Rewritten: ${tables.join(', ')}`);
}
