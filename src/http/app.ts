import Koa from 'koa';
import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { buildOpenApi } from './openapi.js';
import { problemMiddleware } from './problem-middleware.js';
import type { RateLimiter } from './rate-limiter.js';
import type { RouteSpec } from './route.js';
import { routePipeline } from './route-pipeline.js';
import { corsPreflight } from './cors.js';
import type { KeyLookup } from './auth.js';

export interface AppDeps {
  db: Queryable;
  keyLookup: KeyLookup;
  rateLimiter: RateLimiter;
  logger: Logger;
  problemBase: string;
  routes: RouteSpec[];
  openApiDescription: string;
}

function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      // The route template, never the URL: query strings can carry search text.
      logger.debug(
        { requestId, method: ctx.method, route: ctx._matchedRoute ?? '(unmatched)', status: ctx.status, ms: Number(process.hrtime.bigint() - started) / 1e6 },
        'request',
      );
    }
  };
}

export function buildApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  const router = new Router();
  const openApi = buildOpenApi(deps.routes, { description: deps.openApiDescription });
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.body = openApi;
  });
  for (const route of deps.routes) {
    router.register(route.path, [route.method], routePipeline(route, deps));
  }
  app.use(requestLog(deps.logger));
  app.use(problemMiddleware(deps.problemBase, deps.logger));
  app.use(corsPreflight(deps.db, deps.routes));
  app.use(router.routes());
  app.use(async (ctx) => {
    const allowed = [...new Set(deps.routes.map((r) => r.method))].filter((method) => router.match(ctx.path, method).route);
    if (allowed.length > 0) {
      ctx.set('Allow', allowed.join(', '));
      throw new AppError(405, 'method-not-allowed', 'Method not allowed', `${ctx.method} is not supported here; use ${allowed.join(', ')}.`);
    }
    throw new AppError(404, 'not-found', 'Not found', `There is no route ${ctx.method} ${ctx.path}; see /api/v1/openapi.json.`);
  });
  return app;
}
