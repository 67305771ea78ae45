import type Router from '@koa/router';
import { revokeAppSession } from '../../../commands/revoke-app-session/handler.js';
import type { CoreServices } from '../../services.js';
import type { AppAssets } from '../assets.js';
import { readForm } from '../form-body.js';
import { messagePage, SIGN_IN_HELP } from '../pages/message-page.js';
import { checkCsrf, checkOrigin, clearSessionCookie, sessionCommandContext, sessionOf } from '../session.js';

/** Signing out revokes the session (an event, like `app-sessions revoke`) and clears its cookie. */
export function logoutRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.post('/app/logout', async (ctx) => {
    checkOrigin(ctx, services.config.publicBaseUrl);
    const session = await sessionOf(ctx, services);
    if (session) {
      checkCsrf(ctx, session, await readForm(ctx));
      await revokeAppSession(services, session.sessionId, sessionCommandContext(ctx, session));
    }
    clearSessionCookie(ctx);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = messagePage(assets, 'Signed out', 'Your session has ended on this browser.', SIGN_IN_HELP);
  });
}
