// npm run bench: every benchmark, each printed as figures and ratios against a baseline measured
// in the same run on the same machine. Nothing here asserts a time.
import { spawnSync } from 'node:child_process';
import { benchFeedback, printFeedback } from './feedback.js';
import { benchPing, printPing } from './ping.js';

const ping = await benchPing();
printPing(ping);
console.log();
printFeedback(await benchFeedback(), ping.ping.perSecond);
console.log();
for (const script of [
  'test/bench/analyzer.ts',
  'test/bench/eventstore.ts',
  'test/bench/rate-limiter.ts',
  'test/bench/search.ts',
  'test/bench/transcripts.ts',
  'test/bench/webhooks.ts',
]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
  console.log();
}
