import type Koa from 'koa';
import type Router from '@koa/router';
import { trackQuestion } from '../../../commands/track-question/handler.js';
import { untrackQuestion } from '../../../commands/untrack-question/handler.js';
import { findQuestions } from '../../../queries/questions/question-record.js';
import { verdictsOverTime } from '../../../queries/questions/verdicts-over-time.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { readPageQuery } from '../page-query.js';
import { questionsPage } from '../pages/questions-page.js';
import { sessionCommandContext, type AppSession } from '../session.js';
import { pageEdit } from './page-edit.js';
import { withPageErrors } from './page-errors.js';
import { signedIn } from './signed-in.js';

const NOTICES: Record<string, string> = {
  tracked: 'Tracking the question: its verdict appears once enough feedback matches it.',
  untracked: 'Stopped tracking the question.',
};

/** Days for up to two weeks, weeks beyond: a verdict per row stays readable. */
const bucketFor = (from: Date, to: Date) => (to.getTime() - from.getTime() <= 14 * 86_400_000 ? 'day' : 'week');

async function renderQuestionsPage(ctx: Koa.Context, services: CoreServices, assets: AppAssets, session: AppSession, error?: string): Promise<void> {
  const now = services.clock.now();
  const page = readPageQuery(ctx.method === 'GET' ? ctx.query : {}, now);
  const bucket = bucketFor(page.period.from, page.period.to);
  const rows = await findQuestions(services.db, session.projectId);
  const questions = [];
  for (const row of rows) questions.push({ row, history: await verdictsOverTime(services.db, session.projectId, row, page.period, bucket, now) });
  const done = typeof ctx.query.done === 'string' ? NOTICES[ctx.query.done] : undefined;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = questionsPage(assets, { session, page, bucket, questions, notice: error ? undefined : done, error });
}

/** GET /app/questions; POST /app/questions (track) and /app/questions/{id}/untrack, with the same command handlers as `feedbackctl question`. */
export function questionRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  const render = (ctx: Koa.Context) => (session: AppSession, error: string) => renderQuestionsPage(ctx, services, assets, session, error);
  router.get('/app/questions', async (ctx) => {
    const session = await signedIn(ctx, services, assets);
    if (!session) return;
    await withPageErrors(ctx, assets, () => renderQuestionsPage(ctx, services, assets, session));
  });
  router.post('/app/questions', (ctx) =>
    pageEdit(ctx, services, assets, render(ctx), async (session, form) => {
      const about = (form.get('about') ?? '').trim();
      await trackQuestion(
        services,
        { projectId: session.projectId, text: form.get('text') ?? '', about: about === '' ? undefined : about },
        sessionCommandContext(ctx, session),
      );
      return '/app/questions?done=tracked';
    }),
  );
  router.post('/app/questions/:id/untrack', (ctx) =>
    pageEdit(ctx, services, assets, render(ctx), async (session) => {
      await untrackQuestion(services, { projectId: session.projectId, questionId: String(ctx.params.id) }, sessionCommandContext(ctx, session));
      return '/app/questions?done=untracked';
    }),
  );
}
