import { fuzzService } from './fuzz-service.js';

/** `npm run fuzz [-- RUNS [SEED]]`: the long run of the hostile-input property suite. */
const runs = Number(process.argv[2] ?? 10_000);
const seed = process.argv[3] === undefined ? Date.now() % 2 ** 31 : Number(process.argv[3]);
const started = Date.now();
console.log(`fuzzing ${runs} generated requests, seed ${seed}`);
const report = await fuzzService({
  numRuns: runs,
  seed,
  onProgress: (done, total) => {
    if (done % 1000 === 0) console.log(`  ${done}/${total} requests, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  },
});
const statuses = Object.entries(report.byStatus)
  .map(([status, count]) => `${status}: ${count}`)
  .join(', ');
console.log(`${report.requests} requests in ${((Date.now() - started) / 1000).toFixed(0)} s; by status ${statuses}`);
const fiveHundreds = Object.entries(report.byStatus)
  .filter(([status]) => Number(status) >= 500)
  .reduce((sum, [, n]) => sum + n, 0);
console.log(`5xx: ${fiveHundreds}; hangs and state changes on 4xx: ${report.failure ? 'see failure' : 0}`);
if (report.failure) {
  console.error(`FAILED: ${report.failure}`);
  process.exit(1);
}
process.exit(0);
