import type Router from '@koa/router';
import { themeSeries } from '../../../queries/trends/theme-series.js';
import { themeTrends } from '../../../queries/trends/theme-trends.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { readPageQuery } from '../page-query.js';
import { themesPage } from '../pages/themes-page.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const THEMES_SHOWN = 100;

/** GET /app: the themes page, from the same queries as GET /api/v1/trends. */
export function themesRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.get('/app', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, async () => {
      const page = readPageQuery(ctx.query, services.clock.now());
      const themes = await themeTrends(services.db, session.projectId, page.period, page.filters, THEMES_SHOWN);
      const bucket = page.period.to.getTime() - page.period.from.getTime() > 100 * 86_400_000 ? 'week' : 'day';
      const series = await themeSeries(
        services.db,
        session.projectId,
        themes.map((t) => t.id),
        page.period,
        bucket,
        page.filters,
      );
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = themesPage(assets, { session, page, themes, series });
    });
  });
}
