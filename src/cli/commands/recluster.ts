import { parseArgs } from 'node:util';
import { createLabeler } from '../../analysis/create-labeler.js';
import type { Runtime } from '../../runtime.js';
import { reclusterAll, reclusterProject } from '../../work/clustering/recluster.js';

export async function reclusterCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({ args, options: { project: { type: 'string' } } });
  const labeler = await createLabeler(runtime.config, runtime.logger);
  const report = (r: { projectId: string; merged: number; relabeled: number; ran: boolean }) =>
    print(r.ran ? `${r.projectId}: ${r.merged} merged, ${r.relabeled} relabeled` : `${r.projectId}: busy (clustering in progress), try again`);
  if (values.project) report(await reclusterProject(runtime, labeler, values.project));
  else {
    const results = await reclusterAll(runtime, labeler, report);
    if (results.length === 0) print('No themes yet.');
  }
}
