import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = path.join(ROOT, 'bin', 'feedbackctl.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a CLI run: an embedded data directory, nothing inherited that points elsewhere. */
export function cliEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  delete env.PORT;
  delete env.ANALYZER;
  return { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
}

/** Runs `feedbackctl ARGS` with stdout and stderr piped (so not a terminal). */
export function cli(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cliEnv(dataDir, extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface ServeProcess {
  child: ChildProcess;
  port: number;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** The parsed JSON log lines so far. */
  logEntries(): Record<string, unknown>[];
  /** SIGTERM, resolving the exit code. */
  stop(): Promise<number | null>;
}

function parseLogLines(text: string): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      // a line still being written
    }
  }
  return entries;
}

/**
 * `feedbackctl serve` on `dataDir` with an ephemeral port and piped output; resolves once the log
 * has a line with the message `readyMessage` (by default, once it listens).
 */
export function startServe(dataDir: string, { readyMessage = 'listening', env = {} as Record<string, string> } = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    cwd: ROOT,
    env: cliEnv(dataDir, { PORT: '0', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const serve: Omit<ServeProcess, 'port'> = {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    logEntries: () => parseLogLines(stdout),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const entries = parseLogLines(stdout);
      // A worker logs `started` with port 0 and never `listening`.
      const port = (entries.find((entry) => entry.msg === 'listening') ?? entries.find((entry) => entry.msg === readyMessage))?.port;
      if (typeof port === 'number' && entries.some((entry) => entry.msg === readyMessage)) resolve({ ...serve, port });
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}
