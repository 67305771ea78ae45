// Time from `npm start` to the first answer of GET /api/v1/ping on an installed, built checkout,
// against a bare `node` HTTP server started the same way (the baseline: process start-up alone).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt } from './load.js';

const RUNS = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `command`, polls the port until anything answers over HTTP, stops the process group; seconds. */
async function secondsToFirstAnswer(command: string, args: string[], env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'silent' }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode} before answering`);
      try {
        await fetch(`http://127.0.0.1:${port}/api/v1/ping`, { signal: AbortSignal.timeout(1000) });
        return (performance.now() - started) / 1000;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const BARE_SERVER = `require('node:http').createServer((_, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

// Every run below starts a built checkout.
if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);

const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
try {
  const bare: number[] = [];
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    bare.push(await secondsToFirstAnswer(process.execPath, ['-e', BARE_SERVER], {}, await freePort()));
    const dataDir = join(dir, `data-${run}`);
    fresh.push(await secondsToFirstAnswer('npm', ['start'], { DATA_DIR: dataDir }, await freePort()));
    existing.push(await secondsToFirstAnswer('npm', ['start'], { DATA_DIR: dataDir }, await freePort()));
  }
  const base = median(bare);
  const row = (name: string, values: number[]) =>
    `  ${name.padEnd(46)} median ${fmt(median(values), 2).padStart(6)} s   runs ${values.map((v) => fmt(v, 2)).join(', ')}   ${fmt(median(values) / base, 1)} × baseline`;
  console.log(`npm start → first answer of GET /api/v1/ping (built checkout, ${RUNS} runs each)`);
  console.log(row('bare node HTTP server (baseline)', bare));
  console.log(row('npm start, existing data directory', existing));
  console.log(row('npm start, new data directory (creates the db)', fresh));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
