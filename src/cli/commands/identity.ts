import { parseArgs } from 'node:util';
import { confirmMergeSuggestion, rejectMergeSuggestion } from '../../../commands/decide-merge-suggestion/handler.js';
import { mergeSuggestions } from '../../../queries/merge-suggestions/query.js';
import type { Runtime } from '../../runtime.js';
import { cliContext } from '../cli-context.js';
import { UsageError } from '../output.js';

function oneId(sub: string, rest: string[]): string {
  const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError(`identity ${sub} needs exactly one SUGGESTION_ID`);
  return positionals[0];
}

export async function identityCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'suggestions') {
    const { values } = parseArgs({ args: rest, options: { project: { type: 'string' }, json: { type: 'boolean' } } });
    const suggestions = await mergeSuggestions(runtime.db, values.project);
    if (values.json) {
      print(JSON.stringify(suggestions));
      return;
    }
    if (suggestions.length === 0) print('No merge suggestions.');
    for (const s of suggestions) {
      const merged = s.status === 'confirmed' ? (s.mergedAt ? '  merged' : '  merge pending') : '';
      print(`${s.id}  ${s.status.padEnd(9)}  ${s.email} -> ${s.candidateUserId}  (${s.reason}; project ${s.projectId}, ${s.createdAt})${merged}`);
    }
    return;
  }
  if (sub === 'confirm') {
    const id = oneId(sub, rest);
    const outcome = await confirmMergeSuggestion(runtime, id, cliContext(runtime));
    const said = {
      merged: 'the shadow user is merged',
      pending: 'the merge is recorded and will be finished by the worker',
      'nothing-to-merge': 'nothing left to merge (a user was erased)',
    } as const;
    print(`Confirmed ${id}: ${said[outcome.merge]}.`);
    return;
  }
  if (sub === 'reject') {
    const id = oneId(sub, rest);
    await rejectMergeSuggestion(runtime, id, cliContext(runtime));
    print(`Rejected ${id}: the users stay apart.`);
    return;
  }
  throw new UsageError(`unknown identity command "${sub ?? ''}"`);
}
