import type Koa from 'koa';
import { AppError } from '../../http/app-error.js';
import { problemFor } from '../../http/domain-problems.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { readForm } from '../form-body.js';
import { checkCsrf, checkOrigin, requireEditor, sessionOf, type AppSession } from '../session.js';
import { withPageErrors } from './page-errors.js';

/**
 * A change made from a workspace page: a session (401), from the workspace's own pages (Origin, CSRF
 * token: 403), by an editor (403), then `run`, which answers with where to go next (303). A refusal
 * the API would also give (a bad field, the cap reached) shows the page again with the reason, with
 * the refusal's status.
 */
export async function pageEdit(
  ctx: Koa.Context,
  services: CoreServices,
  assets: AppAssets,
  render: (session: AppSession, error: string) => Promise<void>,
  run: (session: AppSession, form: URLSearchParams) => Promise<string>,
): Promise<void> {
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
    await withPageErrors(ctx, assets, () => render(session, problem.detail));
    ctx.status = problem.status;
  }
}
