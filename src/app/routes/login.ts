import type Router from '@koa/router';
import { APP_SECRET_PATTERN, hashAppSecret } from '../../auth/app-secrets.js';
import { signInWithLink } from '../../../commands/sign-in-app/handler.js';
import { LinkUnusable } from '../../domain/app-session/decide.js';
import { NotFound } from '../../domain/errors.js';
import type { CoreServices } from '../../services.js';
import { findSessionOfLink } from '../../../queries/app-sessions/query.js';
import type { AppAssets } from '../assets.js';
import { readForm } from '../form-body.js';
import { loginPage } from '../pages/login-page.js';
import { messagePage, SIGN_IN_HELP } from '../pages/message-page.js';
import { checkOrigin, setSessionCookie } from '../session.js';

const unusable = (assets: AppAssets, message: string) => messagePage(assets, 'This link does not sign in', message, SIGN_IN_HELP);

/** GET shows the sign-in button; POST uses the link once, starts the session and sets its cookie. */
export function loginRoutes(router: Router, services: CoreServices, assets: AppAssets): void {
  router.get('/app/login', async (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const link = APP_SECRET_PATTERN.test(token) ? await findSessionOfLink(services.db, hashAppSecret(token)) : undefined;
    if (!link) {
      ctx.status = 404;
      ctx.body = unusable(assets, 'This sign-in link is not known. Check that it was copied whole.');
      return;
    }
    ctx.body = loginPage(assets, { token, projectName: link.projectName });
  });

  router.post('/app/login', async (ctx) => {
    checkOrigin(ctx, services.config.publicBaseUrl);
    const token = (await readForm(ctx)).get('token') ?? '';
    ctx.type = 'text/html; charset=utf-8';
    const link = APP_SECRET_PATTERN.test(token) ? await findSessionOfLink(services.db, hashAppSecret(token)) : undefined;
    try {
      if (!link) throw new NotFound('The sign-in link');
      const requestId = ctx.response.get('X-Request-Id');
      const context = { correlationId: requestId, causationId: requestId, actor: { kind: 'app-session' as const, sessionId: link.sessionId, role: link.role } };
      const { sessionSecret, expiresAt } = await signInWithLink(services, { sessionId: link.sessionId, token }, context);
      setSessionCookie(ctx, sessionSecret, new Date(expiresAt));
      ctx.redirect('/app');
      ctx.status = 303;
    } catch (error) {
      if (error instanceof LinkUnusable) {
        ctx.status = 410;
        ctx.body = unusable(assets, error.message);
      } else if (error instanceof NotFound) {
        ctx.status = 404;
        ctx.body = unusable(assets, 'This sign-in link is not known. Check that it was copied whole.');
      } else throw error;
    }
  });
}
