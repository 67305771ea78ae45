import type Koa from 'koa';
import Router from '@koa/router';
import type { Queryable } from '../db/database.js';
import { requestOrigin } from './request-origin.js';
import type { RouteSpec } from './route.js';

/**
 * Preflights carry no key, so the project is unknown: an origin is answered when some project
 * allows it, and the real request is checked against its own project's list.
 */
export function corsPreflight(db: Queryable, routes: RouteSpec[]): Koa.Middleware {
  const widgetRoutes = new Router();
  for (const route of routes.filter((r) => r.auth.includes('widget'))) {
    widgetRoutes.register(route.path, [route.method], () => {});
  }
  return async (ctx, next) => {
    if (ctx.method !== 'OPTIONS') return next();
    const requested = ctx.get('Access-Control-Request-Method').toUpperCase();
    const origin = requestOrigin(ctx.get('Origin'));
    ctx.status = 204;
    if (!origin || !widgetRoutes.match(ctx.path, requested).route) return;
    const allowed = await db.query(`SELECT 1 FROM project_origins WHERE origin = $1 LIMIT 1`, [origin]);
    if (allowed.rowCount === 0) return;
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Vary', 'Origin');
    ctx.set('Access-Control-Allow-Methods', requested);
    ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, X-Request-Id');
    ctx.set('Access-Control-Max-Age', '600');
  };
}
