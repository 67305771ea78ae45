import { createProject, type CreatedProject } from '../../commands/create-project/handler.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { DestinationStream } from 'pino';
import { createLogger } from '../../src/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Analyzer } from '../../src/analysis/analyzer.js';
import type { Clock } from '../../src/support/clock.js';

export interface TestServer extends RunningServer {
  createProject(options?: { name?: string; origins?: string[] }): Promise<CreatedProject>;
  request(path: string, init?: RequestInit & { key?: string }): Promise<Response>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  clock?: Clock;
  analyzer?: Analyzer;
  workers?: boolean;
  /** Where the service's log lines go (they are dropped by default, at LOG_LEVEL=silent). */
  logStream?: DestinationStream;
}

/** The real service on an ephemeral loopback port, over a fresh in-memory PGlite database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const env = { PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...options.env };
  const config: Config = loadConfig(env);
  const logger = createLogger(config.logLevel, options.logStream);
  const server = await startServer(config, {
    logger,
    holder: 'test',
    clock: options.clock,
    analyzer: options.analyzer,
    workers: options.workers,
    env,
  });
  return {
    ...server,
    createProject: ({ name = 'Test project', origins = [] } = {}) =>
      createProject(server.runtime, { name, settings: { allowedOrigins: origins } }),
    request(path, init = {}) {
      const { key, headers, ...rest } = init;
      return fetch(server.url + path, {
        ...rest,
        headers: {
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
          ...(rest.body ? { 'Content-Type': 'application/json' } : {}),
          ...(headers as Record<string, string>),
        },
      });
    },
  };
}

/** Polls GET /feedback/{id} until the item is processed (or the attempts run out). */
export async function waitForProcessed(server: TestServer, key: string, id: string, attempts = 200): Promise<any> {
  for (let i = 0; i < attempts; i++) {
    const response = await server.request(`/api/v1/feedback/${id}`, { key });
    const body: any = await response.json();
    if (body.status === 'processed') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`feedback ${id} was not processed in time`);
}
