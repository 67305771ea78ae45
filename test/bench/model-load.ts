// Requests during model load: `GET /api/v1/ping` throughput in one-second windows from the first
// answer of a started service (`node dist/src/main.js` with `npm start`'s settings, an existing data
// directory) through its analyzer's load (until `/readyz` answers 200, at least 20 s), against the
// same load once warm, and against the first seconds of an API-only node (`ROLE=api`, no analyzer).
// The keys are made beforehand, enough that no window meets a key's rate limit.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createProject } from '../../commands/create-project/handler.js';
import { issueApiKey } from '../../commands/issue-api-key/handler.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { testContext } from '../support/test-context.js';
import { startBuiltService } from './built-service.js';
import { startScript } from './start-script.js';
import { fmt, requestsPerSecondFor } from './load.js';

const WINDOW_MS = 1000;
const CONNECTIONS = 8;
const MAX_LOAD_SECONDS = 60;
/** Windows measured from the first answer, at least (the model load takes about 15 s on a quiet machine). */
const LOAD_WINDOWS = 20;
/** Enough keys that none meets its rate limit (300 a minute, spec section 8) over the measurement. */
const KEYS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function prepareDataDir(dataDir: string): Promise<string[]> {
  const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const server = await startServer(config, { logger: createLogger('silent'), holder: 'bench', workers: false });
  try {
    const project = await createProject(server.runtime, { name: 'Bench' }, testContext());
    const keys = [project.secretKey];
    while (keys.length < KEYS) {
      keys.push((await issueApiKey(server.runtime, { projectId: project.projectId, keyType: 'secret', mode: 'test' }, testContext())).key);
    }
    return keys;
  } finally {
    await server.close();
  }
}

/** `BENCH_CPU_PROF=dir`: CPU profiles of the started services' threads, written there when they stop. */
const profiling = (): string[] => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []);

const ready = (url: string) =>
  fetch(`${url}/readyz`).then(
    (response) => response.status === 200,
    () => false,
  );

interface StartRun {
  firstAnswerSeconds: number;
  /** Seconds from spawning until `/readyz` first answered 200, seen between windows. */
  readySeconds: number;
  /** Ping throughput in each window after the first answer, and whether the service was ready at its end. */
  windows: { perSecond: number; ready: boolean }[];
  warm: number[];
}

async function measureStart(dataDir: string, keys: string[], env: Record<string, string>): Promise<StartRun> {
  const start = startScript();
  const service = await startBuiltService(dataDir, { ...start.env, ...env }, [...start.nodeArgs, ...profiling()]);
  try {
    let next = 0;
    const window = () =>
      requestsPerSecondFor(service.url, WINDOW_MS, CONNECTIONS, () => ({
        method: 'GET',
        path: '/api/v1/ping',
        headers: { Authorization: `Bearer ${keys[next++ % keys.length]}` },
      }));
    for (;;) {
      const answered = await fetch(`${service.url}/api/v1/ping`, { headers: { Authorization: `Bearer ${keys[0]}` } }).then(
        () => true,
        () => false,
      );
      if (answered) break;
      await sleep(25);
    }
    const firstAnswerSeconds = (performance.now() - service.startedAt) / 1000;
    const windows: StartRun['windows'] = [];
    let readySeconds = NaN;
    while (windows.length < LOAD_WINDOWS || (Number.isNaN(readySeconds) && (performance.now() - service.startedAt) / 1000 < MAX_LOAD_SECONDS)) {
      const perSecond = await window();
      const isReady = await ready(service.url);
      if (isReady && Number.isNaN(readySeconds)) readySeconds = (performance.now() - service.startedAt) / 1000;
      windows.push({ perSecond, ready: isReady });
    }
    await sleep(2000);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push(await window());
    return { firstAnswerSeconds, readySeconds, windows, warm };
  } finally {
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
  }
}

const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);

function printRun(label: string, run: StartRun): void {
  const loading = run.windows.filter((w) => !w.ready).map((w) => w.perSecond);
  const warm = mean(run.warm);
  console.log(`  ${label}: first answer ${fmt(run.firstAnswerSeconds, 2)} s after spawning, ready (/readyz 200) ${fmt(run.readySeconds, 1)} s`);
  console.log(`    windows from the first answer: ${run.windows.map((w) => fmt(w.perSecond, 0) + (w.ready ? '' : '*')).join(', ')} req/s (* not ready yet)`);
  console.log(`    warm: ${run.warm.map((rate) => fmt(rate, 0)).join(', ')} req/s`);
  if (loading.length > 0)
    console.log(
      `    while not ready = ${fmt(mean(loading) / warm, 2)} × warm (mean), ${fmt(Math.min(...loading) / warm, 2)} × warm (slowest window), over ${loading.length} windows`,
    );
  console.log(`    first ${LOAD_WINDOWS} windows = ${fmt(mean(run.windows.slice(0, LOAD_WINDOWS).map((w) => w.perSecond)) / warm, 2)} × warm (mean)`);
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-model-load-'));
try {
  const keys = await prepareDataDir(dataDir);
  // The baseline: the same start without the analyzer (an API-only node), whose first seconds pay for the JIT and the key lookups alone.
  const apiOnly = await measureStart(dataDir, keys, { ROLE: 'api' });
  const full = await measureStart(dataDir, keys, {});
  console.log(
    `GET /api/v1/ping from the first answer of a started service (${CONNECTIONS} connections, ${WINDOW_MS / 1000} s windows, npm start settings, existing data directory)`,
  );
  printRun('ROLE=api (no analyzer, the baseline)', apiOnly);
  printRun('npm start (loads the analyzer)', full);
  const firstWindows = (run: StartRun) => mean(run.windows.slice(0, LOAD_WINDOWS).map((w) => w.perSecond));
  console.log(`  first ${LOAD_WINDOWS} windows, npm start / baseline: ${fmt(firstWindows(full) / firstWindows(apiOnly), 2)} ×`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
