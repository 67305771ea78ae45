import { parseArgs } from 'node:util';
import type { Runtime } from '../../runtime.js';
import { UsageError } from '../output.js';
import { endpointExists, recentDeliveries, redeliverSince } from '../../webhooks/operator.js';

async function requireEndpoint(runtime: Runtime, id: string | undefined, sub: string): Promise<string> {
  if (!id) throw new UsageError(`webhooks ${sub} needs --endpoint ID`);
  if (!(await endpointExists(runtime.db, id))) throw new Error(`No webhook endpoint ${id}.`);
  return id;
}

export async function webhooksCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'deliveries') {
    const { values } = parseArgs({ args: rest, options: { endpoint: { type: 'string' }, limit: { type: 'string' } } });
    const endpointId = await requireEndpoint(runtime, values.endpoint, sub);
    const limit = Number(values.limit ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
    const rows = await recentDeliveries(runtime.db, endpointId, limit);
    if (rows.length === 0) print('No deliveries.');
    for (const row of rows) {
      const attempt = row.last_attempt_at ? new Date(row.last_attempt_at).toISOString() : 'not tried yet';
      const outcome = row.last_status ?? row.last_error ?? '-';
      const latency = row.last_latency_ms === null ? '-' : `${row.last_latency_ms} ms`;
      print(`${row.event_id}  ${row.kind}  ${row.status}  attempts ${row.attempts}  last ${attempt}  ${outcome}  ${latency}`);
    }
    return;
  }
  if (sub === 'redeliver') {
    const { values } = parseArgs({ args: rest, options: { endpoint: { type: 'string' }, since: { type: 'string' } } });
    const endpointId = await requireEndpoint(runtime, values.endpoint, sub);
    const since = new Date(values.since ?? '');
    if (!values.since || Number.isNaN(since.getTime())) throw new UsageError('webhooks redeliver needs --since TIME (an ISO 8601 date-time)');
    const queued = await redeliverSince(runtime.db, endpointId, since);
    print(`Queued ${queued} deliveries of ${endpointId} again (same event ids).`);
    return;
  }
  throw new UsageError(`unknown webhooks command "${sub ?? ''}"`);
}
