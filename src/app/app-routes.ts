import Router from '@koa/router';
import type Koa from 'koa';
import type { Analyzer } from '../analysis/analyzer.js';
import type { RateLimiter } from '../http/rate-limiter.js';
import type { CoreServices } from '../services.js';
import { loadAppAssets } from './assets.js';
import { feedbackRoutes } from './routes/feedback.js';
import { customerRoutes } from './routes/customers.js';
import { loginRoutes } from './routes/login.js';
import { questionRoutes } from './routes/questions.js';
import { logoutRoutes } from './routes/logout.js';
import { themeEditRoutes } from './routes/theme-edits.js';
import { themeRoutes } from './routes/theme.js';
import { themesRoutes } from './routes/themes.js';
import { settingsRoutes } from './routes/settings.js';
import { suggestionRoutes } from './routes/suggestions.js';
import { themeDefinitionRoutes } from './routes/theme-definitions.js';
import { securityHeaders } from './security-headers.js';

/**
 * The workspace: server-rendered pages under /app for product managers, reading the same queries as
 * the API and changing themes through the same command handlers. Sessions come from one-time links
 * (`feedbackctl app-link`), not from API keys.
 */
export function workspaceRoutes(services: CoreServices, analyzer: () => Promise<Analyzer>, searchLimiter: RateLimiter): Koa.Middleware {
  const assets = loadAppAssets();
  const router = new Router();
  router.get('/app/assets/:name', assets.serve);
  loginRoutes(router, services, assets);
  logoutRoutes(router, services, assets);
  themesRoutes(router, services, assets);
  themeRoutes(router, services, assets);
  themeEditRoutes(router, services, assets);
  themeDefinitionRoutes(router, services, assets, analyzer);
  suggestionRoutes(router, services, assets);
  feedbackRoutes(router, services, assets, analyzer, searchLimiter);
  customerRoutes(router, services, assets);
  questionRoutes(router, services, assets);
  settingsRoutes(router, services, assets);
  const routes = router.routes() as Koa.Middleware;
  const headers = securityHeaders();
  return (ctx, next) => (ctx.path === '/app' || ctx.path.startsWith('/app/') ? headers(ctx, () => routes(ctx, next)) : next());
}
