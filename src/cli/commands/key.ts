import { parseArgs } from 'node:util';
import { cliContext } from '../cli-context.js';
import { issueApiKey } from '../../../commands/issue-api-key/handler.js';
import { revokeApiKey } from '../../../commands/revoke-api-key/handler.js';
import type { Runtime } from '../../runtime.js';
import { UsageError } from '../output.js';

export async function keyCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const { values } = parseArgs({
      args: rest,
      options: { project: { type: 'string' }, type: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } },
    });
    if (!values.project) throw new UsageError('key create needs --project ID');
    if (values.type !== 'secret' && values.type !== 'widget') throw new UsageError('key create needs --type secret or --type widget');
    const mode = values.mode ?? 'test';
    if (mode !== 'test' && mode !== 'live') throw new UsageError(`--mode must be test or live, got "${mode}"`);
    const issued = await issueApiKey(runtime, { projectId: values.project, keyType: values.type, mode }, cliContext(runtime));
    if (values.json) print(JSON.stringify(issued));
    else print(`Created ${values.type} key ${issued.keyId} (shown only now): ${issued.key}`);
    return;
  }
  if (sub === 'revoke') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new UsageError('key revoke needs exactly one KEY_OR_PREFIX');
    const revoked = await revokeApiKey(runtime, positionals[0], cliContext(runtime));
    print(`Revoked key ${revoked.prefix}… (${revoked.keyId}) of project ${revoked.projectId}`);
    return;
  }
  throw new UsageError(`unknown key command "${sub ?? ''}"`);
}
