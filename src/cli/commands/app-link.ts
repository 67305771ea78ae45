import { parseArgs } from 'node:util';
import { issueAppLink } from '../../../commands/issue-app-link/handler.js';
import { publicBaseUrl } from '../../config.js';
import { APP_ROLES, type AppRole } from '../../domain/app-session/events.js';
import type { Runtime } from '../../runtime.js';
import { cliContext } from '../cli-context.js';
import { UsageError } from '../output.js';

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 7 * 86_400_000;

/** `15m`, `2h`, `1d`: from one minute to seven days. */
export function parseTtl(value: string): number {
  const match = /^(\d{1,5})([mhd])$/.exec(value);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2]] : NaN;
  if (!(ms >= MIN_TTL_MS && ms <= MAX_TTL_MS))
    throw new UsageError(`--ttl must be minutes, hours or days such as 15m, 2h or 1d, from 1m to 7d; got "${value}"`);
  return ms;
}

export async function appLinkCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { project: { type: 'string' }, role: { type: 'string' }, ttl: { type: 'string' }, json: { type: 'boolean' } },
  });
  if (!values.project) throw new UsageError('app-link needs --project ID');
  if (!APP_ROLES.includes(values.role as AppRole)) throw new UsageError('app-link needs --role viewer or --role editor');
  const ttlMs = parseTtl(values.ttl ?? '15m');
  const link = await issueAppLink(runtime, { projectId: values.project, role: values.role as AppRole, ttlMs }, cliContext(runtime));
  const url = `${publicBaseUrl(runtime.config, runtime.listeningPort)}/app/login?token=${link.token}`;
  if (values.json) {
    print(JSON.stringify({ url }));
    return;
  }
  print(`Sign-in link for ${values.role} access to project ${values.project} (session ${link.sessionId}); it works once, until ${link.expiresAt}:`);
  print(url);
}
