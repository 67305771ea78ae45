import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import { createContainer, TOKENS } from './container.js';
import { buildApp } from './http/app.js';
import { allInboundRoutes } from './routes.js';
import { workspaceRoutes } from './app/app-routes.js';
import { answerClientErrors } from './http/client-errors.js';
import { keyLookupFrom } from './http/auth.js';
import { KeyCache } from './http/key-cache.js';
import { InMemoryRateLimiter, type RateLimiter } from './http/rate-limiter.js';
import type { RouteSpec } from './http/route.js';
import type { Logger } from './logger.js';
import { allConsumers, allMigrations, openRuntime, type Runtime, type RuntimeOptions } from './runtime.js';
import { startAdminChannel } from './admin/admin-channel.js';
import type { Analyzer } from './analysis/analyzer.js';
import { createAnalyzer } from './analysis/create-analyzer.js';
import { createLabeler } from './analysis/create-labeler.js';
import { createQuoteExtractor } from './transcripts/extraction/create-extractor.js';
import { startBackgroundWork } from './background-work.js';
import { ServiceMetrics } from './observability/service-metrics.js';
import { ProjectionLagReader } from './observability/projection-lag.js';
import { StartupTasks } from './observability/startup-tasks.js';
import { checkReadiness } from './observability/readiness.js';

export interface RunningServer {
  url: string;
  port: number;
  runtime: Runtime;
  metrics: ServiceMetrics;
  close(): Promise<void>;
}

export interface ServerOptions extends Omit<RuntimeOptions, 'logger'> {
  logger: Logger;
  /** Defaults to the configured analyzer, loaded in the background while the server already serves. */
  analyzer?: Analyzer;
  /** The environment the analyzer reads its settings from (OPENAI_*); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** False runs the API role alone (no analysis or erasure workers). */
  workers?: boolean;
}

const OPENAPI_DESCRIPTION =
  'Collects free-text customer feedback, redacts personal data before storage, analyses it asynchronously ' +
  '(sentiment, type, emotions, language), groups it into themes and ranks it by meaning. Choices the product ' +
  'document leaves open are described on each operation.';

/** Opens the runtime, starts projections and workers, and serves HTTP until `close()`. */
export async function startServer(config: Config, options: ServerOptions): Promise<RunningServer> {
  const metrics = new ServiceMetrics();
  const runtime = await openRuntime(config, { ...options, metrics });
  await runtime.engine.start();
  const lag = new ProjectionLagReader(runtime.engine, runtime.store);
  metrics.watch({ db: runtime.db, lag, logger: options.logger });
  const startup = new StartupTasks();
  let analyzer: Promise<Analyzer> | undefined;
  const loadAnalyzer = () => (analyzer ??= options.analyzer ? Promise.resolve(options.analyzer) : createAnalyzer(config, options.logger, options.env));
  const runWorkers = options.workers ?? config.role !== 'api';
  if (runWorkers) {
    startup.track('analyzer', loadAnalyzer());
    void loadAnalyzer().catch((error) => options.logger.error({ err: error }, 'analyzer failed to load'));
  }
  const migrations = allMigrations(options.consumers ?? allConsumers()).map((m) => m.id);
  const work = !runWorkers
    ? undefined
    : startBackgroundWork(
        runtime,
        loadAnalyzer,
        await createLabeler(config, options.logger, options.env),
        await createQuoteExtractor(config, options.logger, options.env),
      );
  const container = createContainer(runtime, loadAnalyzer);
  const keyCache = new KeyCache(keyLookupFrom(runtime.db), () => runtime.clock.now().getTime());
  const stopObservingKeys = runtime.engine.onAdvanced((events) => keyCache.observe(events));
  const app = buildApp({
    db: runtime.db,
    keyLookup: keyCache.get,
    isKnownKey: keyCache.knows,
    rateLimiter: container.resolve<RateLimiter>(TOKENS.rateLimiter),
    failedAuthLimiter: new InMemoryRateLimiter(runtime.clock),
    logger: options.logger,
    problemBase: config.problemBase,
    routes: container.resolve<RouteSpec[]>(TOKENS.routes),
    inboundRoutes: allInboundRoutes(runtime),
    openApiDescription: OPENAPI_DESCRIPTION,
    workspace: workspaceRoutes(runtime, loadAnalyzer, container.resolve<RateLimiter>(TOKENS.rateLimiter)),
    slowBodies: { timeoutMs: config.bodyTimeoutMs, perAddress: config.slowBodiesPerAddress },
    metrics,
    ops: {
      readiness: () => checkReadiness({ db: runtime.db, migrations, lag, startup, tolerance: config.readyMaxLag }),
      metricsToken: config.metricsToken,
    },
  });
  const server = http.createServer(app.callback());
  answerClientErrors(server, config.problemBase, options.logger);
  server.keepAliveTimeout = 5000;
  // The worker role only follows the log and runs the workers.
  if (config.role !== 'worker') {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, '0.0.0.0', () => resolve());
    });
  }
  const port = server.listening ? (server.address() as AddressInfo).port : 0;
  if (server.listening) runtime.listeningPort = port;
  const adminChannel = await startAdminChannel(runtime, options.logger);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    runtime,
    metrics,
    close() {
      closing ??= (async () => {
        // Stop accepting, let in-flight requests finish, then stop the background work and the database.
        const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
        server.closeIdleConnections();
        const forced = setTimeout(() => server.closeAllConnections(), 10_000);
        await closed;
        clearTimeout(forced);
        await adminChannel?.close();
        stopObservingKeys();
        await work?.stop();
        await runtime.close();
      })();
      return closing;
    },
  };
}
