import { parseArgs } from 'node:util';
import type { ProjectionStatus } from '../../projection-engine/projection-engine.js';
import type { Runtime } from '../../runtime.js';
import { UsageError } from '../output.js';

function describe(status: ProjectionStatus): string[] {
  const { commit, prepare } = status.checkpoint;
  const at = commit < 0n ? 'start' : `${commit}:${prepare}`;
  const lines = [`${status.name}: checkpoint ${at}, ${status.lag} event(s) behind, ${status.parked.length} parked`];
  for (const parked of status.parked) {
    lines.push(
      `  parked ${parked.eventType} ${parked.eventId} (${parked.stream}@${parked.revision}) after ${parked.attempts} tries, ${parked.parkedAt.toISOString()}: ${parked.error}`,
    );
  }
  return lines;
}

function toJson(status: ProjectionStatus) {
  const position = (p: { commit: bigint; prepare: bigint }) => `${p.commit}:${p.prepare}`;
  return { ...status, checkpoint: position(status.checkpoint), parked: status.parked.map((p) => ({ ...p, position: position(p.position) })) };
}

export async function projectionsCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const [action, name] = positionals;
  if (action === 'status') {
    const statuses = await runtime.engine.status();
    if (values.json) print(JSON.stringify(statuses.map(toJson), null, 2));
    else for (const status of statuses) for (const line of describe(status)) print(line);
    return;
  }
  if (action === 'retry') {
    const known = runtime.engine.names;
    if (!name || !known.includes(name)) throw new UsageError(`projections retry needs a projection name (projections: ${known.join(', ')})`);
    const { applied, failed, gone } = await runtime.engine.retryParked(name);
    print(`${name}: ${applied} re-applied, ${failed} still failing, ${gone} gone (their streams were erased)`);
    if (failed > 0) throw new Error(`${failed} parked event(s) still fail; see feedbackctl projections status`);
    return;
  }
  throw new UsageError(`projections needs status or retry NAME`);
}
