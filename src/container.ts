import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Analyzer } from './analysis/analyzer.js';
import { InMemoryRateLimiter, type RateLimiter } from './http/rate-limiter.js';
import { PostgresRateLimiter } from './http/postgres-rate-limiter.js';
import type { RouteSpec } from './http/route.js';
import type { Runtime } from './runtime.js';
import { allRoutes } from './routes.js';

/** Explicit tokens: esbuild-based runners emit no decorator metadata, so nothing is resolved by type. */
export const TOKENS = {
  runtime: Symbol('Runtime'),
  rateLimiter: Symbol('RateLimiter'),
  analyzer: Symbol('Analyzer'),
  routes: Symbol('Routes'),
} as const;

/** The composition root: the one place that knows which implementation backs each port. */
export function createContainer(runtime: Runtime, analyzer: () => Promise<Analyzer>): DependencyContainer {
  const container = rootContainer.createChildContainer();
  container.registerInstance(TOKENS.runtime, runtime);
  container.registerInstance(TOKENS.analyzer, analyzer);
  // One node on the embedded database counts in process; API nodes sharing a server share the counts.
  container.register<RateLimiter>(TOKENS.rateLimiter, {
    useFactory: () => (runtime.config.databaseUrl ? new PostgresRateLimiter(runtime.db, runtime.clock) : new InMemoryRateLimiter(runtime.clock)),
  });
  container.register<RouteSpec[]>(TOKENS.routes, {
    useFactory: (c) => allRoutes({ runtime: c.resolve<Runtime>(TOKENS.runtime), analyzer: c.resolve<() => Promise<Analyzer>>(TOKENS.analyzer) }),
  });
  return container;
}
