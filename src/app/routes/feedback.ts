import type Koa from 'koa';
import type Router from '@koa/router';
import { findCluster } from '../../../queries/clusters/cluster-record.js';
import { encodeExport } from '../../../queries/feedback-export/encode.js';
import { exportedItems } from '../../../queries/feedback-export/items.js';
import { listFeedback } from '../../../queries/feedback-list/query.js';
import { searchFeedback } from '../../../queries/search/query.js';
import type { Analyzer } from '../../analysis/analyzer.js';
import { redact } from '../../analysis/redaction/index.js';
import type { RateLimiter } from '../../http/rate-limiter.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { readFeedbackPageQuery, type FeedbackPageQuery } from '../feedback-query.js';
import { feedbackPage, type ShownItem } from '../pages/feedback-page.js';
import { meterSearch } from '../search-limit.js';
import type { AppSession } from '../session.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const PAGE_SIZE = 50;
const SEARCH_RESULTS = 50;

/** The list's and search's filters from the page's; a merged theme filters as the theme that absorbed it, as in the API. */
async function filtersOf(services: CoreServices, projectId: string, page: FeedbackPageQuery) {
  const cluster = page.cluster ? ((await findCluster(services.db, projectId, page.cluster))?.cluster_id ?? page.cluster) : undefined;
  const { sentiment, source, type, language, churnRisk, meta, from, to } = page;
  return { cluster, sentiment, source, type, language, churnRisk, meta, from, to };
}

/** The items nearest in meaning to `q`, best first: the same embedding (of the redacted query) and query as GET /api/v1/search. */
async function searched(services: CoreServices, analyzer: () => Promise<Analyzer>, session: AppSession, page: FeedbackPageQuery) {
  const embedding = await (await analyzer()).embed(redact(page.q!).text);
  return searchFeedback(services.db, session.projectId, embedding, SEARCH_RESULTS, await filtersOf(services, session.projectId, page));
}

async function themeLabels(services: CoreServices, projectId: string, items: ShownItem[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.map((item) => item.clusterId).filter((id): id is string => id !== null))];
  const labels = await Promise.all(ids.map(async (id) => [id, (await findCluster(services.db, projectId, id))?.label ?? ''] as const));
  return new Map(labels);
}

async function renderFeedbackPage(
  ctx: Koa.Context,
  services: CoreServices,
  assets: AppAssets,
  analyzer: () => Promise<Analyzer>,
  limiter: RateLimiter,
  session: AppSession,
) {
  const page = readFeedbackPageQuery(ctx.query);
  let items: ShownItem[];
  let nextBefore: string | null = null;
  if (page.q !== undefined) {
    await meterSearch(ctx, limiter, session);
    items = (await searched(services, analyzer, session, page)).map(({ score, feedback }) => ({ ...feedback, score }));
  } else {
    const filters = await filtersOf(services, session.projectId, page);
    ({ items, nextBefore } = await listFeedback(services.db, session.projectId, { ...filters, before: page.before, limit: PAGE_SIZE }));
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = feedbackPage(assets, { session, page, items, nextBefore, labels: await themeLabels(services, session.projectId, items) });
}

/** GET /app/feedback (the list, or search by meaning with `q`) and GET /app/feedback/export (the same as CSV); viewers and editors alike. */
export function feedbackRoutes(router: Router, services: CoreServices, assets: AppAssets, analyzer: () => Promise<Analyzer>, limiter: RateLimiter): void {
  router.get('/app/feedback', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, () => renderFeedbackPage(ctx, services, assets, analyzer, limiter, session));
  });
  router.get('/app/feedback/export', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, async () => {
      const page = readFeedbackPageQuery(ctx.query);
      if (page.q !== undefined) await meterSearch(ctx, limiter, session);
      // A search exports its results, best first; the list exports every item matching its filters, newest first, not one page.
      const items =
        page.q !== undefined
          ? (async function* () {
              for (const result of await searched(services, analyzer, session, page)) yield result.feedback;
            })()
          : exportedItems(services.db, session.projectId, await filtersOf(services, session.projectId, page));
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="feedback.csv"');
      ctx.body = encodeExport(items, 'csv');
    });
  });
}
