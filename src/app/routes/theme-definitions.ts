import type Koa from 'koa';
import type Router from '@koa/router';
import { changeClusterDefinition } from '../../../commands/change-cluster-definition/handler.js';
import { defineCluster } from '../../../commands/define-cluster/handler.js';
import { findCluster } from '../../../queries/clusters/cluster-record.js';
import type { Analyzer } from '../../analysis/analyzer.js';
import { AppError } from '../../http/app-error.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { keywordList } from '../keyword-list.js';
import { sessionCommandContext, type AppSession } from '../session.js';
import { pageEdit } from './page-edit.js';
import { renderThemePage } from './theme.js';
import { renderThemesPage } from './themes.js';

/** An optional text field: absent or blank is undefined. */
const optional = (form: URLSearchParams, name: string) => {
  const value = (form.get(name) ?? '').trim();
  return value === '' ? undefined : value;
};

/**
 * POST /app/themes (define a theme) and /app/themes/{id}/definition (its keywords, description and parent
 * area), through the same command handlers as POST and PATCH /api/v1/clusters, so the same validation: a
 * refusal shows the page again naming the field.
 */
export function themeDefinitionRoutes(router: Router, services: CoreServices, assets: AppAssets, analyzer: () => Promise<Analyzer>): void {
  const themesPage = (ctx: Koa.Context) => (session: AppSession, error: string) => renderThemesPage(ctx, services, assets, session, error);
  const themePage = (ctx: Koa.Context) => (session: AppSession, error: string) => renderThemePage(ctx, services, assets, session, error);

  router.post('/app/themes', (ctx) =>
    pageEdit(ctx, services, assets, themesPage(ctx), async (session, form) => {
      const clusterId = await defineCluster(
        services,
        {
          projectId: session.projectId,
          model: (await analyzer()).embeddingModel.model,
          label: form.get('label') ?? '',
          keywords: keywordList(form.get('keywords') ?? ''),
          description: optional(form, 'description'),
          parentId: optional(form, 'parentId'),
        },
        sessionCommandContext(ctx, session),
      );
      return `/app/themes/${encodeURIComponent(clusterId)}?done=defined`;
    }),
  );

  router.post('/app/themes/:id/definition', (ctx) =>
    pageEdit(ctx, services, assets, themePage(ctx), async (session, form) => {
      const cluster = await findCluster(services.db, session.projectId, String(ctx.params.id));
      if (!cluster || cluster.cluster_id !== ctx.params.id) throw new AppError(404, 'not-found', 'Not found', 'There is no such theme in this project.');
      const keywords = keywordList(form.get('keywords') ?? '');
      await changeClusterDefinition(
        services,
        {
          projectId: session.projectId,
          clusterId: cluster.cluster_id,
          // A discovered theme stays discovered when no keywords are given; a defined one cannot lose them all.
          keywords: keywords.length === 0 && cluster.origin === 'discovered' ? undefined : keywords,
          description: optional(form, 'description') ?? null,
          parentId: optional(form, 'parentId') ?? null,
        },
        sessionCommandContext(ctx, session),
      );
      return `/app/themes/${encodeURIComponent(cluster.cluster_id)}?done=definition`;
    }),
  );
}
