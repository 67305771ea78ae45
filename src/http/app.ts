import Koa from 'koa';
import Router from '@koa/router';
import { keyPrefix } from '../auth/api-keys.js';
import type { Queryable } from '../db/database.js';
import { AppError } from './app-error.js';
import type { Logger } from '../logger.js';
import { buildOpenApi } from './openapi.js';
import { problemMiddleware } from './problem-middleware.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RouteSpec } from './route.js';
import { routePipeline } from './route-pipeline.js';
import { inboundPipeline, type InboundRouteSpec } from './inbound-route.js';
import { corsPreflight } from './cors.js';
import type { AuthContext, KeyLookup } from './auth.js';
import { requestIdFor } from './request-id.js';
import type { KnownKeyCheck } from './failed-auth-guard.js';
import { loadWidgetScript, serveWidgetScript } from './widget-script.js';
import { withPriority } from '../db/priority.js';
import { guardSlowBodies, type SlowBodyLimits } from './slow-bodies.js';
import { registerOpsRoutes, type OpsRouteDeps } from './ops-routes.js';
import type { ServiceMetrics } from '../observability/service-metrics.js';

export interface AppDeps {
  db: Queryable;
  keyLookup: KeyLookup;
  isKnownKey: KnownKeyCheck;
  rateLimiter: RateLimiter;
  failedAuthLimiter: RateLimiter;
  logger: Logger;
  problemBase: string;
  routes: RouteSpec[];
  /** Routes called with a signed request instead of an API key (tracker webhooks). */
  inboundRoutes?: InboundRouteSpec[];
  openApiDescription: string;
  slowBodies: SlowBodyLimits;
  metrics: ServiceMetrics;
  ops: Pick<OpsRouteDeps, 'readiness' | 'metricsToken'>;
  /** The workspace's pages under /app (src/app), when this node serves them. */
  workspace?: Koa.Middleware;
}

/** Who called, for the request log: the project and the displayable prefix of the key, once authenticated. */
function caller(ctx: Koa.Context): { projectId?: string; keyPrefix?: string } {
  const auth = ctx.state.auth as AuthContext | undefined;
  if (!auth) return {};
  const key = /^Bearer\s+(\S+)/i.exec(ctx.get('Authorization'))?.[1];
  return { projectId: auth.projectId, keyPrefix: key ? keyPrefix(key) : undefined };
}

/** The client left before sending the whole request: the server's clientError handler logs that line. */
const abandonedMidRequest = (ctx: Koa.Context) => !ctx.req.complete && ctx.req.socket.destroyed;

/**
 * One info line per request: its id (the client's X-Request-Id when sane, echoed back), who called,
 * the route template, method, status and duration. Never the URL, which can carry search text, nor
 * the body.
 */
function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(ctx.get('X-Request-Id') || undefined);
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (!abandonedMidRequest(ctx)) {
        logger.info(
          {
            requestId,
            ...caller(ctx),
            method: ctx.method,
            route: ctx._matchedRoute ?? '(unmatched)',
            status: ctx.status,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request',
        );
      }
    }
  };
}

/** Requests by route template (never the raw path: no ids in labels) and final status. */
function requestMetrics(metrics: ServiceMetrics): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (!abandonedMidRequest(ctx)) {
        metrics.observeRequest(ctx.method, ctx._matchedRoute ?? '(unmatched)', ctx.status, Number(process.hrtime.bigint() - started) / 1e9);
      }
    }
  };
}

/** What any path that does not exist answers. */
const notFound = (ctx: Koa.Context) => new AppError(404, 'not-found', 'Not found', `There is no route ${ctx.method} ${ctx.path}; see /api/v1/openapi.json.`);

export function buildApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  // Errors Koa could not answer (the client went away mid-upload): one structured line, no stack.
  app.on('error', (error: Error & { code?: string }, ctx?: Koa.Context) => {
    deps.logger.info({ code: error.code ?? error.name, route: ctx?._matchedRoute, method: ctx?.method }, 'request ended without an answer');
  });
  const router = new Router();
  const inbound = deps.inboundRoutes ?? [];
  const openApi = buildOpenApi(deps.routes, { description: deps.openApiDescription }, inbound);
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  router.get('/widget.js', serveWidgetScript(loadWidgetScript()));
  registerOpsRoutes(router, { ...deps.ops, registry: deps.metrics.registry, problemBase: deps.problemBase, notFound });
  for (const route of deps.routes) {
    router.register(route.path, [route.method], routePipeline(route, deps));
  }
  for (const route of inbound) router.register(route.path, [route.method], inboundPipeline(route));
  // A request goes before background work on the embedded database's one connection.
  app.use((_ctx, next) => withPriority('foreground', next));
  app.use(requestLog(deps.logger));
  app.use(requestMetrics(deps.metrics));
  app.use(problemMiddleware(deps.problemBase, deps.logger));
  app.use(guardSlowBodies(deps.slowBodies));
  app.use(corsPreflight(deps.db, deps.routes));
  if (deps.workspace) app.use(deps.workspace);
  app.use(router.routes());
  app.use(async (ctx) => {
    const allowed = [...new Set([...deps.routes, ...inbound].map((r) => r.method))].filter((method) => router.match(ctx.path, method).route);
    if (allowed.length > 0) {
      ctx.set('Allow', allowed.join(', '));
      throw new AppError(405, 'method-not-allowed', 'Method not allowed', `${ctx.method} is not supported here; use ${allowed.join(', ')}.`);
    }
    throw notFound(ctx);
  });
  return app;
}
