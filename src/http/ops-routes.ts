import type Koa from 'koa';
import type Router from '@koa/router';
import type { Registry } from 'prom-client';
import { AppError } from './app-error.js';
import type { ReadinessReport } from '../observability/readiness.js';
import { mayReadMetrics } from './metrics-access.js';
import { renderProblem } from './problem-middleware.js';

export interface OpsRouteDeps {
  readiness: () => Promise<ReadinessReport>;
  registry: Registry;
  metricsToken?: string;
  problemBase: string;
  /** The answer to a path that does not exist, which `/metrics` gives to whoever may not read it. */
  notFound: (ctx: Koa.Context) => AppError;
}

export const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

/**
 * The operator's endpoints, outside /api/v1 and without a key: liveness (answers without touching
 * the database), readiness (see `checkReadiness`) and Prometheus metrics (loopback or METRICS_TOKEN).
 */
export function registerOpsRoutes(router: Router, deps: OpsRouteDeps): void {
  router.get(OPS_PATHS.health, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get(OPS_PATHS.ready, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const report = await deps.readiness();
    if (report.ready) {
      ctx.body = { status: 'ready', checks: report.checks };
      return;
    }
    const failing = Object.entries(report.checks).filter(([, check]) => !check.ok);
    const detail = `Not ready: ${failing.map(([name, check]) => `${name} (${check.detail ?? 'failing'})`).join('; ')}.`;
    renderProblem(ctx, deps.problemBase, new AppError(503, 'not-ready', 'Not ready', detail, { checks: report.checks }));
  });
  // Every method, so that a caller who may not read it gets a 404 and not a 405 that would give it away.
  router.all(OPS_PATHS.metrics, async (ctx) => {
    if (!mayReadMetrics({ remoteAddress: ctx.req.socket.remoteAddress, headers: ctx.req.headers }, deps.metricsToken)) throw deps.notFound(ctx);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new AppError(405, 'method-not-allowed', 'Method not allowed', `${ctx.method} is not supported here; use GET.`);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = deps.registry.contentType;
    ctx.body = await deps.registry.metrics();
  });
}
