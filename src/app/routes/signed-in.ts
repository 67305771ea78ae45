import type Koa from 'koa';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { messagePage, SIGN_IN_HELP } from '../pages/message-page.js';
import { sessionOf, type AppSession } from '../session.js';

/** The request's session, or a 401 page saying how to get a sign-in link (undefined: the page is answered). */
export async function signedIn(ctx: Koa.Context, services: CoreServices, assets: AppAssets): Promise<AppSession | undefined> {
  const session = await sessionOf(ctx, services);
  if (session) return session;
  ctx.status = 401;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = messagePage(assets, 'Sign in', 'You are not signed in to the workspace, or your session has ended.', SIGN_IN_HELP);
  return undefined;
}
