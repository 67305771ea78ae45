import type Koa from 'koa';
import type Router from '@koa/router';
import { changeClusterStatus } from '../../../commands/change-cluster-status/handler.js';
import { mergeCluster } from '../../../commands/merge-cluster/handler.js';
import { moveFeedback } from '../../../commands/move-feedback/handler.js';
import { renameCluster } from '../../../commands/rename-cluster/handler.js';
import { SPLIT_LIMIT_ITEMS } from '../../../commands/split-cluster/route.js';
import { splitCluster } from '../../../commands/split-cluster/handler.js';
import { findCluster } from '../../../queries/clusters/cluster-record.js';
import type { ClusterStatus } from '../../domain/cluster/events.js';
import { AppError, invalidRequest } from '../../http/app-error.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { sessionCommandContext, type AppSession } from '../session.js';
import { pageEdit } from './page-edit.js';
import { renderThemePage } from './theme.js';

/** Where to go after an edit: the page the form came from (a path under /app only), else the theme. */
function backTo(form: URLSearchParams, fallback: string, done: string): string {
  const wanted = form.get('return') ?? '';
  const target = /^\/app\/themes\/[^/?#]+(\?[^#]*)?$/.test(wanted) ? wanted : fallback;
  return `${target}${target.includes('?') ? '&' : '?'}done=${done}`;
}

const STATUSES: readonly string[] = ['resolved', 'muted', 'active'] satisfies ClusterStatus[];

async function themeOf(services: CoreServices, session: AppSession, id: string) {
  const cluster = await findCluster(services.db, session.projectId, id);
  if (!cluster) throw new AppError(404, 'not-found', 'Not found', 'There is no such theme in this project.');
  return cluster;
}

/** The ticked items of a split or move form (at least one, each once). */
function tickedItems(form: URLSearchParams): string[] {
  const items = [...new Set(form.getAll('item').filter((id) => id !== ''))];
  if (items.length === 0) throw invalidRequest([{ field: 'item', message: 'tick one item at least' }], 'Tick the items first.');
  if (items.length > SPLIT_LIMIT_ITEMS)
    throw invalidRequest([{ field: 'item', message: `at most ${SPLIT_LIMIT_ITEMS}` }], `Tick ${SPLIT_LIMIT_ITEMS} items at most.`);
  return items;
}

/**
 * Every edit (`pageEdit`: session, Origin, CSRF, editor) runs the same command handler as the API's route, on
 * behalf of the session; a refusal (an empty name, a merge into itself) shows the theme page again with the reason.
 */
const edit = (ctx: Koa.Context, services: CoreServices, assets: AppAssets, run: (session: AppSession, form: URLSearchParams) => Promise<string>) =>
  pageEdit(ctx, services, assets, (session, error) => renderThemePage(ctx, services, assets, session, error), run);

/** POST /app/themes/{id}/rename, /merge, /status, /split and /move. */
export function themeEditRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.post('/app/themes/:id/rename', (ctx) =>
    edit(ctx, services, assets, async (session, form) => {
      const cluster = await findCluster(services.db, session.projectId, String(ctx.params.id));
      if (!cluster) throw new AppError(404, 'not-found', 'Not found', 'There is no such theme in this project.');
      await renameCluster(
        services,
        { projectId: session.projectId, clusterId: cluster.cluster_id, label: form.get('label') ?? '' },
        sessionCommandContext(ctx, session),
      );
      return backTo(form, `/app/themes/${encodeURIComponent(cluster.cluster_id)}`, 'renamed');
    }),
  );
  router.post('/app/themes/:id/merge', (ctx) =>
    edit(ctx, services, assets, async (session, form) => {
      const cluster = await findCluster(services.db, session.projectId, String(ctx.params.id));
      if (!cluster) throw new AppError(404, 'not-found', 'Not found', 'There is no such theme in this project.');
      const into = form.get('into') ?? '';
      if (!into) throw new AppError(400, 'invalid-request', 'Invalid request', 'Choose the theme to merge into.');
      await mergeCluster(services, { projectId: session.projectId, clusterId: cluster.cluster_id, into }, sessionCommandContext(ctx, session));
      return `/app/themes/${encodeURIComponent(into)}?done=merged`;
    }),
  );
  router.post('/app/themes/:id/status', (ctx) =>
    edit(ctx, services, assets, async (session, form) => {
      const cluster = await themeOf(services, session, String(ctx.params.id));
      const status = form.get('status') ?? '';
      if (!STATUSES.includes(status))
        throw invalidRequest([{ field: 'status', message: 'must be resolved, muted or active' }], 'Choose resolved, muted or active.');
      await changeClusterStatus(
        services,
        { projectId: session.projectId, clusterId: cluster.cluster_id, status: status as ClusterStatus },
        sessionCommandContext(ctx, session),
      );
      return backTo(form, `/app/themes/${encodeURIComponent(cluster.cluster_id)}`, status);
    }),
  );
  router.post('/app/themes/:id/split', (ctx) =>
    edit(ctx, services, assets, async (session, form) => {
      const cluster = await themeOf(services, session, String(ctx.params.id));
      const feedbackIds = tickedItems(form);
      const label = (form.get('label') ?? '').trim();
      const created = await splitCluster(
        services,
        { projectId: session.projectId, clusterId: cluster.cluster_id, feedbackIds, label: label === '' ? undefined : label },
        sessionCommandContext(ctx, session),
      );
      return `${backTo(form, `/app/themes/${encodeURIComponent(cluster.cluster_id)}`, 'split')}&created=${encodeURIComponent(created)}`;
    }),
  );
  router.post('/app/themes/:id/move', (ctx) =>
    edit(ctx, services, assets, async (session, form) => {
      const cluster = await themeOf(services, session, String(ctx.params.id));
      const feedbackIds = tickedItems(form);
      const to = form.get('to') ?? '';
      if (!to) throw invalidRequest([{ field: 'to', message: 'choose a theme' }], 'Choose the theme to move the items to.');
      const target = await findCluster(services.db, session.projectId, to);
      if (!target) throw new AppError(404, 'not-found', 'Not found', 'There is no such theme to move the items to.');
      for (const feedbackId of feedbackIds) {
        await moveFeedback(services, { projectId: session.projectId, feedbackId, clusterId: target.cluster_id }, sessionCommandContext(ctx, session));
      }
      return backTo(form, `/app/themes/${encodeURIComponent(cluster.cluster_id)}`, 'moved');
    }),
  );
}
