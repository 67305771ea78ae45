import type Koa from 'koa';
import { AppError } from './app-error.js';
import type { Logger } from '../logger.js';
import { problemFor } from './domain-problems.js';

export function renderProblem(ctx: Koa.Context, problemBase: string, error: AppError): void {
  ctx.status = error.status;
  ctx.type = 'application/problem+json';
  ctx.body = {
    type: `${problemBase}/${error.slug}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    ...error.extensions,
  };
}

/** Renders every error as problem+json (domain errors by their meaning); unknown errors become a bare 500 with no internals. */
export function problemMiddleware(problemBase: string, logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const problem = problemFor(error);
      if (problem) {
        renderProblem(ctx, problemBase, problem);
        return;
      }
      logger.error({ err: error, route: ctx._matchedRoute, method: ctx.method }, 'unhandled error');
      renderProblem(
        ctx,
        problemBase,
        new AppError(500, 'internal', 'Internal error', 'Something went wrong on our side; nothing was recorded. Retrying is safe.'),
      );
    }
  };
}
