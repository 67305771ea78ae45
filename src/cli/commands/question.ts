import { parseArgs } from 'node:util';
import { trackQuestion } from '../../../commands/track-question/handler.js';
import { untrackQuestion } from '../../../commands/untrack-question/handler.js';
import type { Runtime } from '../../runtime.js';
import { cliContext } from '../cli-context.js';
import { UsageError } from '../output.js';

async function projectOfQuestion(runtime: Runtime, questionId: string): Promise<string> {
  const rows = await runtime.db.query<{ project_id: string }>(`SELECT project_id FROM tracked_questions WHERE question_id = $1`, [questionId]);
  if (!rows.rows[0]) throw new Error(`No tracked question ${questionId}.`);
  return rows.rows[0].project_id;
}

export async function questionCommand(runtime: Runtime, args: string[], print: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'track') {
    const { values } = parseArgs({ args: rest, options: { project: { type: 'string' }, text: { type: 'string' }, about: { type: 'string' } } });
    if (!values.project) throw new UsageError('question track needs --project ID');
    if (values.text === undefined) throw new UsageError('question track needs --text TEXT');
    const tracked = await trackQuestion(runtime, { projectId: values.project, text: values.text, about: values.about }, cliContext(runtime));
    print(`Tracking question ${tracked.questionId}: ${tracked.text} (matching feedback about "${tracked.about}")`);
    return;
  }
  if (sub === 'untrack') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true, options: {} });
    if (positionals.length !== 1) throw new UsageError('question untrack needs exactly one QUESTION_ID');
    const projectId = await projectOfQuestion(runtime, positionals[0]);
    await untrackQuestion(runtime, { projectId, questionId: positionals[0] }, cliContext(runtime));
    print(`Stopped tracking question ${positionals[0]}.`);
    return;
  }
  if (sub === 'list') {
    const { values } = parseArgs({ args: rest, options: { project: { type: 'string' } } });
    if (!values.project) throw new UsageError('question list needs --project ID');
    const rows = await runtime.db.query<{ question_id: string; verdict: string; text: string }>(
      `SELECT question_id, verdict, text FROM tracked_questions WHERE project_id = $1 ORDER BY tracked_at, question_id`,
      [values.project],
    );
    if (rows.rows.length === 0) print('No tracked questions.');
    for (const row of rows.rows) print(`${row.question_id}  ${row.verdict.padEnd(12)}  ${row.text}`);
    return;
  }
  throw new UsageError(`unknown question command "${sub ?? ''}"`);
}
