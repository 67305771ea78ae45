/**
 * Starts a throwaway PostgreSQL server for tests and benchmarks: a fresh data directory in a temp
 * folder, a free loopback port, trust authentication, `fsync=off`. When this process runs as root
 * the server runs as the `postgres` user (PostgreSQL refuses to run as root).
 *
 * The server is always torn down: by `stop()`, and otherwise when the process exits (normally or
 * on SIGINT/SIGTERM) with an immediate shutdown and removal of its directory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const BINARIES_NOT_FOUND = 'PostgreSQL server binaries not found (apt-get install postgresql)';

/** Thrown when no `initdb`/`pg_ctl`/`postgres` can be found: callers skip and say so. */
export class PostgresBinariesNotFoundError extends Error {
  constructor() {
    super(BINARIES_NOT_FOUND);
  }
}

export interface PostgresServer {
  /** e.g. postgres://postgres@127.0.0.1:54321/postgres */
  url: string;
  port: number;
  /** The server's version, from its binaries (e.g. 15.14). */
  version: string;
  /** A URL to another database on the same server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/** Thrown when an extension the caller needs is not installed for the server binaries found. */
export class PostgresExtensionNotFoundError extends Error {
  constructor(extension: string, binDir: string) {
    const hint = extension === 'vector' ? ' (bash ops/install-postgres.sh installs PostgreSQL 15 with pgvector)' : '';
    super(`PostgreSQL extension "${extension}" is not installed for the server in ${binDir}${hint}`);
  }
}

export interface PostgresServerOptions {
  /** Extra `-c name=value` settings for the server. */
  settings?: Record<string, string | number>;
  /** Extensions that must be installed (e.g. `vector`): checked before the server starts. */
  extensions?: string[];
}

interface Binaries {
  dir: string;
  initdb: string;
  pgCtl: string;
}

function hasServerBinaries(dir: string): Binaries | null {
  const initdb = path.join(dir, 'initdb');
  const pgCtl = path.join(dir, 'pg_ctl');
  const postgres = path.join(dir, 'postgres');
  return existsSync(initdb) && existsSync(pgCtl) && existsSync(postgres) ? { dir, initdb, pgCtl } : null;
}

/** `POSTGRES_BIN_DIR`, then Debian's /usr/lib/postgresql/<newest>/bin, then PATH. */
export function findPostgresBinaries(): Binaries | null {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return hasServerBinaries(fromEnv);
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const found = hasServerBinaries(path.join(debianRoot, version, 'bin'));
      if (found) return found;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const found = hasServerBinaries(dir);
    if (found) return found;
  }
  return null;
}

/** Whether `extension`'s control file is in the extension directory of these binaries (`pg_config --sharedir`). */
export function hasExtension(extension: string, binaries: Binaries | null = findPostgresBinaries()): boolean {
  if (!binaries) return false;
  const pgConfig = path.join(binaries.dir, 'pg_config');
  const shareDir = existsSync(pgConfig) ? spawnSync(pgConfig, ['--sharedir'], { encoding: 'utf8' }).stdout?.trim() : undefined;
  return !!shareDir && existsSync(path.join(shareDir, 'extension', `${extension}.control`));
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunAs {
  /** Wraps a command so that it runs as the server's owner. */
  wrap(command: string, args: string[]): [string, string[]];
  uid?: number;
  gid?: number;
}

function runAs(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return { wrap: (command, args) => [command, args] };
  }
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) {
    throw new Error('Running as root but there is no "postgres" user to run the PostgreSQL server as (apt-get install postgresql creates it)');
  }
  return {
    wrap: (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]],
    uid: Number(id.stdout.trim()),
    gid: Number(gid.stdout.trim()),
  };
}

function run(command: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (exit ${code}): ${output.trim()}`));
    });
  });
}

/** Servers of this process still running, stopped synchronously at exit. */
const running = new Set<() => void>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const stopAll = () => {
    for (const stop of [...running]) stop();
  };
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopAll();
      process.kill(process.pid, signal);
    });
  }
}

export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const binaries = findPostgresBinaries();
  if (!binaries) throw new PostgresBinariesNotFoundError();
  for (const extension of options.extensions ?? []) {
    if (!hasExtension(extension, binaries)) throw new PostgresExtensionNotFoundError(extension, binaries.dir);
  }
  const owner = runAs();
  const root = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  if (owner.uid !== undefined && owner.gid !== undefined) chownSync(root, owner.uid, owner.gid);
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  let started = false;
  let stopping: Promise<void> | undefined;

  const stopSync = () => {
    running.delete(stopSync);
    if (started) {
      const [command, args] = owner.wrap(binaries.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(command, args, { stdio: 'ignore' });
      started = false;
    }
    rmSync(root, { recursive: true, force: true });
  };
  installExitHooks();
  running.add(stopSync);

  try {
    const [initCommand, initArgs] = owner.wrap(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await run(initCommand, initArgs, 'initdb');

    const settings: Record<string, string | number> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: root,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: 200,
      ...options.settings,
    };
    let port = 0;
    let lastError: unknown;
    for (let attempt = 0; attempt < 5 && !started; attempt += 1) {
      port = await freeLoopbackPort();
      const serverOptions = [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
      const [ctlCommand, ctlArgs] = owner.wrap(binaries.pgCtl, ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
      try {
        started = true; // from here a stop is attempted even if start fails half-way
        await run(ctlCommand, ctlArgs, 'pg_ctl start');
      } catch (error) {
        started = false;
        lastError = error;
        const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
        if (!/could not bind|address already in use/i.test(log)) break;
      }
    }
    if (!started) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n') : '';
      throw new Error(`${lastError instanceof Error ? lastError.message : String(lastError)}\n${log}`);
    }
    const versionOutput = spawnSync(binaries.pgCtl, ['--version'], { encoding: 'utf8' }).stdout ?? '';
    const version = /(\d+(?:\.\d+)?)/.exec(versionOutput)?.[1] ?? 'unknown';
    const stopAsync = async (): Promise<void> => {
      if (!running.has(stopSync)) return;
      // stopSync stays registered until the end, so an exit during this stop still cleans up.
      if (started) {
        // Smart first: connections that a pool is just closing end on their own, and none of
        // them receives a FATAL "terminating connection" error. Then fast, then immediate.
        for (const [mode, seconds] of [
          ['smart', '10'],
          ['fast', '10'],
          ['immediate', '10'],
        ] as const) {
          const [command, args] = owner.wrap(binaries.pgCtl, ['-D', dataDir, '-m', mode, '-w', '-t', seconds, 'stop']);
          try {
            await run(command, args, `pg_ctl stop -m ${mode}`);
            break;
          } catch {
            // try the next, harsher mode
          }
        }
        started = false;
      }
      running.delete(stopSync);
      rmSync(root, { recursive: true, force: true });
    };
    const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      url: urlFor('postgres'),
      port,
      version,
      urlFor,
      stop() {
        stopping ??= stopAsync();
        return stopping;
      },
    };
  } catch (error) {
    stopSync();
    throw error;
  }
}
