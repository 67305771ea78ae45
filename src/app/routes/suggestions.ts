import type Koa from 'koa';
import type Router from '@koa/router';
import { acceptThemeSuggestion } from '../../../commands/accept-theme-suggestion/handler.js';
import { themeSuggestions } from '../../../queries/clusters/theme-suggestions.js';
import { findFeedback } from '../../../queries/feedback-detail/query.js';
import { NotFound } from '../../domain/errors.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { suggestionsPage } from '../pages/suggestions-page.js';
import { sessionCommandContext, type AppSession } from '../session.js';
import { pageEdit } from './page-edit.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const SUGGESTIONS_SHOWN = 10;

async function renderSuggestionsPage(ctx: Koa.Context, services: CoreServices, assets: AppAssets, session: AppSession, error?: string): Promise<void> {
  const suggestions = await themeSuggestions(services.db, session.projectId, services.clock.now(), SUGGESTIONS_SHOWN);
  const shown = [];
  for (const suggestion of suggestions) {
    const quotes: string[] = [];
    for (const id of suggestion.sampleFeedbackIds) {
      const item = await findFeedback(services.db, session.projectId, id);
      if (item) quotes.push(item.text);
    }
    shown.push({ ...suggestion, quotes });
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = suggestionsPage(assets, { session, suggestions: shown, error });
}

/** GET /app/suggestions (as GET /api/v1/clusters/suggestions) and POST /app/suggestions/{id}/accept (as its accept). */
export function suggestionRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.get('/app/suggestions', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, () => renderSuggestionsPage(ctx, services, assets, session));
  });
  router.post('/app/suggestions/:id/accept', (ctx) =>
    pageEdit(
      ctx,
      services,
      assets,
      (session, error) => renderSuggestionsPage(ctx, services, assets, session, error),
      async (session) => {
        const [suggestion] = await themeSuggestions(services.db, session.projectId, services.clock.now(), 1, String(ctx.params.id));
        if (!suggestion) throw new NotFound('The suggestion', 'That theme is no longer suggested: it may have been accepted or merged already.');
        await acceptThemeSuggestion(services, { projectId: session.projectId, suggestion }, sessionCommandContext(ctx, session));
        return `/app/themes/${encodeURIComponent(suggestion.id)}?done=accepted`;
      },
    ),
  );
}
