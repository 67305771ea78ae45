import { testContext } from './test-context.js';
import { createProject, type CreatedProject } from '../../commands/create-project/handler.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DestinationStream } from 'pino';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Analyzer } from '../../src/analysis/analyzer.js';
import type { Clock } from '../../src/support/clock.js';
import pg from 'pg';
import { startPostgresServer, type PostgresServer } from './postgres-server.js';

export interface TestServer extends RunningServer {
  createProject(options?: { name?: string; origins?: string[] }): Promise<CreatedProject>;
  request(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /**
   * `stub` (the default): the stub analyzer, instant and deterministic, for tests whose subject is not the
   * analysis. `offline`: the real offline models, for tests of analysis, themes, search quality or language.
   * Or an analyzer instance. `TEST_ANALYZER=offline` makes `offline` the default; an `ANALYZER` in `env` wins.
   */
  analyzer?: Analyzer | TestAnalyzerKind;
  workers?: boolean;
  /** Where the service's log lines go (they are dropped by default, at LOG_LEVEL=silent). */
  logStream?: DestinationStream;
}

export type TestAnalyzerKind = 'stub' | 'offline';

function analyzerEnv(choice: TestServerOptions['analyzer']): Record<string, string> {
  const fallback = process.env.TEST_ANALYZER === 'offline' ? 'offline' : 'stub';
  const kind = typeof choice === 'string' ? choice : choice ? 'instance' : fallback;
  return kind === 'stub' ? { ANALYZER: 'stub', ALLOW_STUB_ANALYZER: 'true' } : {};
}

/**
 * With TEST_DATABASE=postgres, test servers use databases on one throwaway PostgreSQL server with
 * pgvector, started on first use and torn down when this process exits.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
let postgres: Promise<PostgresServer> | undefined;
let databaseCount = 0;
/** A DATA_DIR keeps its database, so a test that restarts the server on it finds its data again. */
const databaseOfDataDir = new Map<string, string>();

async function onPostgresServer(sql: string): Promise<void> {
  postgres ??= startPostgresServer({ extensions: ['vector'] }).then((server) => {
    console.log(`    (test servers on PostgreSQL ${server.version} with pgvector at ${server.url}, one database each)`);
    return server;
  });
  const client = new pg.Client((await postgres).url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A DATABASE_URL for this test server, and how to drop its database when the server closes. */
async function testDatabase(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const kept = databaseOfDataDir.get(dataDir);
  const name = kept ?? `test_${process.pid}_${++databaseCount}`;
  if (!kept) await onPostgresServer(`CREATE DATABASE ${name}`);
  const persistent = !dataDir.startsWith('memory://');
  if (persistent) databaseOfDataDir.set(dataDir, name);
  return {
    url: (await postgres!).urlFor(name),
    drop: () => (persistent ? Promise.resolve() : onPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * The real service on an ephemeral loopback port, over a fresh in-memory PGlite database, or with
 * TEST_DATABASE=postgres over a fresh database on a PostgreSQL server; with the stub analyzer unless
 * `options.analyzer` says otherwise.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const analyzerChoice = options.env?.ANALYZER ? {} : analyzerEnv(options.analyzer);
  const env: Record<string, string> = { PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...analyzerChoice, ...options.env };
  const database = onPostgres && !env.DATABASE_URL ? await testDatabase(env.DATA_DIR) : undefined;
  if (database) env.DATABASE_URL = database.url;
  const config: Config = loadConfig(env);
  const logger = createLogger(config.logLevel, options.logStream);
  const server = await startServer(config, {
    logger,
    holder: 'test',
    clock: options.clock,
    analyzer: typeof options.analyzer === 'object' ? options.analyzer : undefined,
    workers: options.workers,
    env,
  });
  return {
    ...server,
    async close() {
      await server.close();
      await database?.drop();
    },
    createProject: ({ name = 'Test project', origins = [] } = {}) =>
      createProject(server.runtime, { name, settings: { allowedOrigins: origins } }, testContext()),
    request(path, init = {}) {
      const { key, headers, ...rest } = init;
      const send = () =>
        fetch(server.url + path, {
          ...rest,
          headers: {
            ...(key ? { Authorization: `Bearer ${key}` } : {}),
            ...(rest.body ? { 'Content-Type': 'application/json' } : {}),
            ...(headers as Record<string, string>),
          },
        });
      // A kept-alive socket the server closed just as it was reused (a race of the two idle timers on a busy
      // machine) resets a request that never reached the service: a GET is sent again once, on a new socket.
      const method = (rest.method ?? 'GET').toUpperCase();
      return send().catch((error: unknown) => {
        if ((method === 'GET' || method === 'HEAD') && isConnectionReset(error)) return send();
        throw error;
      });
    },
  };
}

/**
 * Polls GET /feedback/{id} until the item is processed (or the attempts run out). Processed means
 * complete, theme included: every test that waits here also checks that the item has its theme.
 */
export async function waitForProcessed(server: TestServer, key: string, id: string, attempts = 400): Promise<any> {
  for (let i = 0; i < attempts; i++) {
    const response = await server.request(`/api/v1/feedback/${id}`, { key });
    const body: any = await response.json();
    if (body.status === 'processed') {
      if (typeof body.clusterId !== 'string') throw new Error(`feedback ${id} reads processed without a theme (clusterId ${body.clusterId})`);
      return body;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`feedback ${id} was not processed in time`);
}

function isConnectionReset(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'ECONNRESET';
}
