// Resident memory of the service as `npm start` runs it: the built JavaScript, a fresh data directory,
// the offline analyzer loaded. Measured twice in one run: with the C allocator's defaults (the
// baseline) and with the allocator settings `npm start` passes. Each run then takes a burst of
// `BENCH_MEMORY_REQUESTS` (default 1,500) items over 16 connections and drains its analysis backlog,
// sampling the process's resident memory (VmRSS) every 250 ms. Linux only (/proc).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, runLoad, type LoadResult } from './load.js';
import { startBuiltService } from './built-service.js';
import { startScript } from './start-script.js';

const TOTAL = Number(process.env.BENCH_MEMORY_REQUESTS ?? 1500);
const KEYS = Math.ceil(TOTAL / 250); // 300 per minute per key (spec section 8), with room to spare

interface MemoryRun {
  label: string;
  afterStartMb: number;
  peakMb: number;
  afterDrainMb: number;
  burst: LoadResult;
  drainSeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

function createKey(dataDir: string, projectId: string): string {
  const result = spawnSync(process.execPath, ['bin/feedbackctl.js', 'key', 'create', '--project', projectId, '--type', 'secret', '--json'], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`feedbackctl key create failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { key: string }).key;
}

async function processed(url: string, key: string, id: string): Promise<boolean> {
  const response = await fetch(`${url}/api/v1/feedback/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await response.json()) as { status: string }).status !== 'pending';
}

async function submit(url: string, key: string, text: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/feedback`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  return ((await response.json()) as { id: string }).id;
}

async function measure(label: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<MemoryRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-memory-'));
  const { child, url } = await startBuiltService(dataDir, env, nodeArgs);
  try {
    const keysFile = path.join(dataDir, 'demo-keys.json'); // written just after the service starts listening
    while (!fs.existsSync(keysFile)) await sleep(50);
    await sleep(100);
    const demo = JSON.parse(fs.readFileSync(keysFile, 'utf8')) as { projectId: string; secretKey: string };
    const keys = [demo.secretKey, ...Array.from({ length: KEYS - 1 }, () => createKey(dataDir, demo.projectId))];
    const first = await submit(url, demo.secretKey, 'The export to CSV keeps timing out');
    while (!(await processed(url, demo.secretKey, first))) await sleep(100); // the analyzer is loaded
    const afterStartMb = residentMb(child.pid!);
    let peakMb = afterStartMb;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakMb = Math.max(peakMb, residentMb(child.pid!));
        await sleep(250);
      }
    })();
    const burst = await runLoad(url, TOTAL, 16, (i) => ({
      method: 'POST',
      path: '/api/v1/feedback',
      headers: { Authorization: `Bearer ${keys[i % keys.length]}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: `Item ${i}: the app crashes when I open the settings page after the update, please fix it` }),
    }));
    const burstEnd = performance.now();
    // The analysis queue takes the oldest job first: the newest item processed means the backlog is drained.
    const list = await fetch(`${url}/api/v1/feedback?limit=1`, { headers: { Authorization: `Bearer ${keys[0]}` } });
    const newest = ((await list.json()) as { items: { id: string }[] }).items[0].id;
    while (!(await processed(url, keys[0], newest))) await sleep(250);
    const drainSeconds = (performance.now() - burstEnd) / 1000;
    sampling = false;
    await sampler;
    return { label, afterStartMb, peakMb, afterDrainMb: residentMb(child.pid!), burst, drainSeconds };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const tuned = startScript();
const runs = [
  await measure('defaults', {}),
  await measure(`npm start (${[...Object.entries(tuned.env).map(([k, v]) => `${k}=${v}`), ...tuned.nodeArgs].join(' ')})`, tuned.env, tuned.nodeArgs),
];
console.log(`Resident memory of \`node dist/src/main.js\`, fresh data directory, offline analyzer loaded; burst of ${TOTAL} POST /feedback, 16 connections`);
for (const run of runs) {
  console.log(
    `  ${run.label}: after start ${fmt(run.afterStartMb, 0)} MiB, peak ${fmt(run.peakMb, 0)} MiB, after the drain ${fmt(run.afterDrainMb, 0)} MiB; ` +
      `burst ${fmt(run.burst.perSecond, 0)} req/s (p99 ${fmt(run.burst.p99ms, 0)} ms), drained in ${fmt(run.drainSeconds, 1)} s`,
  );
}
const [base, ours] = runs;
console.log(
  `  ratio (npm start / defaults): after start ${fmt(ours.afterStartMb / base.afterStartMb, 2)} ×, peak ${fmt(ours.peakMb / base.peakMb, 2)} ×, ` +
    `burst throughput ${fmt(ours.burst.perSecond / base.burst.perSecond, 2)} ×`,
);
