import type Koa from 'koa';
import type Router from '@koa/router';
import { clusterLinks, findCluster } from '../../../queries/clusters/cluster-record.js';
import { mergeCandidates } from '../../../queries/clusters/merge-candidates.js';
import { parentChoices } from '../../../queries/clusters/theme-taxonomy.js';
import { clusterTrend } from '../../../queries/trends/cluster-trend.js';
import { themeItems, themeMix } from '../../../queries/trends/theme-items.js';
import { themeCustomers } from '../../../queries/trends/theme-customers.js';
import { themeTrends, type TrendFilters } from '../../../queries/trends/theme-trends.js';
import { AppError } from '../../http/app-error.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { html, type SafeHtml } from '../html.js';
import { pageQueryString, readPageQuery, refuseMoneySegment } from '../page-query.js';
import { themePage } from '../pages/theme-page.js';
import type { AppSession } from '../session.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const ITEMS_SHOWN = 50;
const CUSTOMERS_SHOWN = 20;
const NOTICES: Record<string, string> = {
  renamed: 'Renamed.',
  merged: 'Merged: the other theme’s items are now in this one.',
  resolved: 'Resolved.',
  muted: 'Muted.',
  active: 'Set active.',
  moved: 'Moved: the ticked items are now in the theme you chose.',
  defined: 'Theme defined: the items that name its keywords move in within a minute.',
  definition: 'Definition saved.',
  accepted: 'Suggestion accepted: this is a defined theme now.',
};

/** What the page says after an edit; a split names the new theme with a link to it. */
function noticeFor(query: Koa.Context['query']): string | SafeHtml | undefined {
  if (query.done === 'split') {
    const created = typeof query.created === 'string' && /^cl_[a-z0-9]{1,40}$/.test(query.created) ? query.created : undefined;
    return created ? html`Split: the ticked items form <a href="/app/themes/${created}">a new theme</a>.` : 'Split: the ticked items form a new theme.';
  }
  return typeof query.done === 'string' ? NOTICES[query.done] : undefined;
}

/** Renders the theme page for the session's project; an edit that failed shows its error (with its status). */
export async function renderThemePage(ctx: Koa.Context, services: CoreServices, assets: AppAssets, session: AppSession, error?: string): Promise<void> {
  const page = readPageQuery(ctx.query, services.clock.now());
  refuseMoneySegment(page.filters, session.customerValueTrait);
  // The theme page narrows by segment only (the themes page's other filters pass through to its links back).
  const segment: TrendFilters = page.filters.trait === undefined ? {} : { trait: page.filters.trait };
  const cluster = await findCluster(services.db, session.projectId, String(ctx.params.id));
  if (!cluster) throw new AppError(404, 'not-found', 'Not found', 'There is no such theme in this project.');
  if (cluster.cluster_id !== ctx.params.id) {
    // A merged id: show the theme that absorbed it under its own address.
    ctx.redirect(`/app/themes/${encodeURIComponent(cluster.cluster_id)}?${pageQueryString(page, { bucket: page.bucket })}`);
    return;
  }
  const id = cluster.cluster_id;
  const parent = cluster.parent_id ? await findCluster(services.db, session.projectId, cluster.parent_id) : undefined;
  const parentRef = parent ? { id: parent.cluster_id, label: parent.label, size: parent.size } : null;
  const choices = session.role === 'editor' ? await parentChoices(services.db, session.projectId) : [];
  // The current parent stays a choice even beyond the list's limit, so saving keeps it.
  if (parentRef && !choices.some((c) => c.id === parentRef.id)) choices.unshift(parentRef);
  const [trend] = await themeTrends(services.db, session.projectId, page.period, segment, 1, id);
  const data = {
    session,
    page,
    theme: { id, label: cluster.label, status: cluster.status, size: cluster.size, links: await clusterLinks(services.db, id) },
    trend,
    buckets: await clusterTrend(services.db, session.projectId, id, page.period, page.bucket, segment),
    items: await themeItems(services.db, session.projectId, id, page.period, ITEMS_SHOWN, segment),
    mix: await themeMix(services.db, session.projectId, id, page.period, segment),
    customers: await themeCustomers(services.db, session.projectId, id, page.period, segment, CUSTOMERS_SHOWN, services.clock.now()),
    mergeCandidates: session.role === 'editor' ? await mergeCandidates(services.db, session.projectId, id) : [],
    definition: {
      origin: cluster.origin,
      keywords: cluster.keywords,
      description: cluster.description,
      parent: parentRef,
      childCount: cluster.child_count,
    },
    parentChoices: choices,
    error,
    notice: noticeFor(ctx.query),
  };
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = themePage(assets, data);
}

/** GET /app/themes/{id}. */
export function themeRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.get('/app/themes/:id', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, () => renderThemePage(ctx, services, assets, session));
  });
}
