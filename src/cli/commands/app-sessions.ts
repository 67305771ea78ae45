import { parseArgs } from 'node:util';
import { revokeAppSession } from '../../../commands/revoke-app-session/handler.js';
import { listAppSessions } from '../../../queries/app-sessions/query.js';
import type { Runtime } from '../../runtime.js';
import { cliContext } from '../cli-context.js';
import { UsageError } from '../output.js';

export async function appSessionsCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const { values } = parseArgs({ args: rest, options: { project: { type: 'string' }, json: { type: 'boolean' } } });
    const sessions = await listAppSessions(runtime.db, runtime.clock.now(), values.project);
    if (values.json) {
      print(JSON.stringify(sessions));
      return;
    }
    if (sessions.length === 0) print('No workspace sessions: feedbackctl app-link --project ID --role viewer|editor');
    for (const s of sessions) {
      const until = s.state === 'signed-in' ? `  until ${s.expiresAt}` : s.state === 'link-unused' ? `  link valid until ${s.linkExpiresAt}` : '';
      print(`${s.id}  ${s.role.padEnd(6)}  ${s.state.padEnd(12)}  project ${s.projectId}  issued ${s.issuedAt}${until}`);
    }
    return;
  }
  if (sub === 'revoke') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new UsageError('app-sessions revoke needs exactly one SESSION_ID');
    const { changed } = await revokeAppSession(runtime, positionals[0], cliContext(runtime));
    print(changed ? `Revoked ${positionals[0]}: it signs nobody in any more.` : `${positionals[0]} was revoked already.`);
    return;
  }
  throw new UsageError(`unknown app-sessions command "${sub ?? ''}"`);
}
