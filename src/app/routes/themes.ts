import type Koa from 'koa';
import type Router from '@koa/router';
import { parentChoices, themeTaxonomy } from '../../../queries/clusters/theme-taxonomy.js';
import { areaRollups } from '../../../queries/trends/area-figures.js';
import { areaRevenue } from '../../../queries/trends/area-revenue.js';
import { themeSeries } from '../../../queries/trends/theme-series.js';
import { themeTrends } from '../../../queries/trends/theme-trends.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { badRequest, readPageQuery, refuseMoneySegment } from '../page-query.js';
import { themesPage } from '../pages/themes-page.js';
import type { AppSession } from '../session.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const THEMES_SHOWN = 100;

/** `group=area` groups the themes under their parent areas; nothing else is a grouping. */
function readGrouping(query: Koa.Context['query']): boolean {
  const value = Array.isArray(query.group) ? query.group[query.group.length - 1] : query.group;
  if (value === undefined || value === '') return false;
  if (value !== 'area') throw badRequest('group', 'must be area');
  return true;
}

/** Renders the themes page, from the same queries as GET /api/v1/trends; a refused edit shows its reason. */
export async function renderThemesPage(ctx: Koa.Context, services: CoreServices, assets: AppAssets, session: AppSession, error?: string): Promise<void> {
  const query = ctx.method === 'GET' ? ctx.query : {};
  const page = readPageQuery(query, services.clock.now());
  const grouped = readGrouping(query);
  refuseMoneySegment(page.filters, session.customerValueTrait);
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
  // Grouped, every area with items counts all of them, also those of themes beyond the ones listed.
  const rollups = grouped ? await areaRollups(services.db, session.projectId, page.period, bucket, page.filters) : undefined;
  const taxonomy = await themeTaxonomy(services.db, session.projectId, [...themes.map((t) => t.id), ...(rollups?.keys() ?? [])]);
  const areas = [...taxonomy.values()].filter((entry) => entry.isParent).map((entry) => entry.id);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = themesPage(assets, {
    session,
    page,
    themes,
    series,
    taxonomy,
    grouped,
    areaRollups: rollups,
    areaRevenue:
      grouped && session.customerValueTrait !== null ? await areaRevenue(services.db, session.projectId, areas, page.period, page.filters) : undefined,
    parentChoices: session.role === 'editor' ? await parentChoices(services.db, session.projectId) : [],
    error,
  });
}

/** GET /app: the themes page. */
export function themesRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.get('/app', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, () => renderThemesPage(ctx, services, assets, session));
  });
}
