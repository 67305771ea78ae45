// npm run bench: every benchmark, each printed as figures and ratios against a baseline measured
// in the same run on the same machine. Nothing here asserts a time. `npm run bench -- NAME …` runs
// the named ones only: ping, feedback (with ping, for its ratio), feedback-postgres, or a script's
// name below (analyzer, eventstore, …).
import { spawnSync } from 'node:child_process';
import { benchFeedback, printFeedback } from './feedback.js';
import { benchFeedbackPostgres, printFeedbackPostgres } from './feedback-postgres.js';
import { benchPing, printPing } from './ping.js';

const scripts = [
  'analyzer',
  'eventstore',
  'rate-limiter',
  'search',
  'transcripts',
  'transcript-extraction',
  'redaction',
  'webhooks',
  'widget',
  'users',
  'trends',
  'imports',
  'import',
  'memory',
  'start',
  'model-load',
];
const known = ['ping', 'feedback', 'feedback-postgres', ...scripts];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${known.join(', ')}`);
  process.exit(2);
}
const wanted = (name: string) => asked.length === 0 || asked.includes(name);

let pingPerSecond: number | undefined;
if (wanted('ping') || wanted('feedback') || wanted('feedback-postgres')) {
  const ping = await benchPing();
  printPing(ping);
  pingPerSecond = ping.ping.perSecond;
  console.log();
}
if (wanted('feedback')) {
  printFeedback(await benchFeedback(), pingPerSecond);
  console.log();
}
if (wanted('feedback-postgres')) {
  printFeedbackPostgres(await benchFeedbackPostgres(), pingPerSecond);
  console.log();
}
for (const name of scripts.filter(wanted)) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `test/bench/${name}.ts`], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
  console.log();
}
