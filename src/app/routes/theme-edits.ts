import type Koa from 'koa';
import type Router from '@koa/router';
import { mergeCluster } from '../../../commands/merge-cluster/handler.js';
import { renameCluster } from '../../../commands/rename-cluster/handler.js';
import { findCluster } from '../../../queries/clusters/cluster-record.js';
import { AppError } from '../../http/app-error.js';
import { problemFor } from '../../http/domain-problems.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { readForm } from '../form-body.js';
import { checkCsrf, checkOrigin, requireEditor, sessionCommandContext, sessionOf, type AppSession } from '../session.js';
import { withPageErrors } from './page-errors.js';
import { renderThemePage } from './theme.js';

/** Where to go after an edit: the page the form came from (a path under /app only), else the theme. */
function backTo(form: URLSearchParams, fallback: string, done: string): string {
  const wanted = form.get('return') ?? '';
  const target = /^\/app\/themes\/[^/?#]+(\?[^#]*)?$/.test(wanted) ? wanted : fallback;
  return `${target}${target.includes('?') ? '&' : '?'}done=${done}`;
}

/**
 * Every edit: a session (401), from the workspace's own pages (Origin, CSRF token: 403), by an editor
 * (403), then the same command handler as the API's route, on behalf of the session. A refusal of the
 * command (an empty name, a merge into itself) shows the theme page again with the reason.
 */
async function edit(ctx: Koa.Context, services: CoreServices, assets: AppAssets, run: (session: AppSession, form: URLSearchParams) => Promise<string>) {
  checkOrigin(ctx, services.config.publicBaseUrl);
  const session = await sessionOf(ctx, services);
  if (!session) throw new AppError(401, 'unauthorized', 'Unauthorized', 'Sign in to the workspace first (feedbackctl app-link).');
  const form = await readForm(ctx);
  checkCsrf(ctx, session, form);
  requireEditor(session);
  try {
    ctx.redirect(await run(session, form));
    ctx.status = 303;
  } catch (error) {
    const problem = problemFor(error);
    if (!problem || problem.status >= 500) throw error;
    await withPageErrors(ctx, assets, () => renderThemePage(ctx, services, assets, session, problem.detail));
    ctx.status = problem.status;
  }
}

/** POST /app/themes/{id}/rename and /merge. */
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
}
