import type Router from '@koa/router';
import { customersAtRisk, RISK_BAND_FILTERS, type RiskBandFilter } from '../../../queries/customers-at-risk/query.js';
import { findUser } from '../../../queries/user-detail/query.js';
import { AppError } from '../../http/app-error.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { customersPage } from '../pages/customers-page.js';
import { userPage } from '../pages/user-page.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const CUSTOMERS_SHOWN = 100;

function bandOf(query: Record<string, string | string[] | undefined>): RiskBandFilter {
  const value = Array.isArray(query.band) ? query.band[query.band.length - 1] : query.band;
  if (value === undefined || value === '') return 'all';
  if (!(RISK_BAND_FILTERS as readonly string[]).includes(value)) {
    const message = `must be one of ${RISK_BAND_FILTERS.join(', ')}`;
    throw new AppError(400, 'invalid-request', 'Invalid request', `band: ${message}`, { errors: [{ field: 'band', message }] });
  }
  return value as RiskBandFilter;
}

/** GET /app/customers (users at risk and to watch) and GET /app/users/{id} (one user's health, as GET /api/v1/users/{id}). */
export function customerRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.get('/app/customers', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, async () => {
      const band = bandOf(ctx.query);
      const result = await customersAtRisk(services.db, session.projectId, band, CUSTOMERS_SHOWN, services.clock.now());
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = customersPage(assets, { session, band, result, shown: CUSTOMERS_SHOWN });
    });
  });
  router.get('/app/users/:userId', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, async () => {
      const user = await findUser(services.db, session.projectId, String(ctx.params.userId), services.clock.now());
      if (!user) throw new AppError(404, 'not-found', 'Not found', 'There is no such user in this project.');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = userPage(assets, { session, user });
    });
  });
}
