import type Koa from 'koa';
import { APP_SECRET_PATTERN, csrfTokenFor, hashAppSecret, sameSecret } from '../auth/app-secrets.js';
import { AppError } from '../http/app-error.js';
import type { CommandContext } from '../eventstore/command-context.js';
import { requestIdFor } from '../http/request-id.js';
import type { CoreServices } from '../services.js';
import { findSignedInSession, type SignedInSession } from '../../queries/app-sessions/query.js';

export const SESSION_COOKIE = 'feedback_session';

export interface AppSession extends SignedInSession {
  /** What every state-changing request of this session must carry (form field `_csrf` or header `X-CSRF-Token`). */
  csrfToken: string;
}

/** The signed-in session of the request's cookie, if any. */
export async function sessionOf(ctx: Koa.Context, services: Pick<CoreServices, 'db' | 'clock'>): Promise<AppSession | undefined> {
  const secret = ctx.cookies.get(SESSION_COOKIE);
  if (!secret || !APP_SECRET_PATTERN.test(secret)) return undefined;
  const session = await findSignedInSession(services.db, hashAppSecret(secret), services.clock.now());
  return session && { ...session, csrfToken: csrfTokenFor(secret) };
}

/** HttpOnly, SameSite=Strict, only under /app, Secure when the request came over https (directly or through a proxy). */
export function setSessionCookie(ctx: Koa.Context, secret: string, expiresAt: Date): void {
  ctx.cookies.set(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.protocol === 'https',
    path: '/app',
    expires: expiresAt,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Koa.Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'strict', secure: ctx.protocol === 'https', path: '/app', maxAge: 0, overwrite: true });
}

const forbidden = (detail: string) => new AppError(403, 'forbidden', 'Forbidden', detail);

/**
 * A state-changing request must come from the workspace's own pages: its Origin is the service's own
 * (or PUBLIC_BASE_URL). Browsers send Origin with every POST; a request without one is refused.
 */
export function checkOrigin(ctx: Koa.Context, publicBaseUrl: string | undefined): void {
  const origin = ctx.get('Origin');
  const own = `${ctx.protocol}://${ctx.host}`;
  if (!origin || (origin !== own && origin !== publicBaseUrl)) throw forbidden('This request did not come from the workspace’s own pages (Origin).');
}

/** The session's CSRF token, as a form field or a header, compared in constant time. */
export function checkCsrf(ctx: Koa.Context, session: AppSession, form?: URLSearchParams): void {
  const sent = form?.get('_csrf') ?? ctx.get('X-CSRF-Token');
  if (!sent || !sameSecret(sent, session.csrfToken))
    throw forbidden('The form is missing its CSRF token or it does not belong to this session; reload the page.');
}

export function requireEditor(session: AppSession): void {
  if (session.role !== 'editor') throw forbidden('This session may view the workspace but not change it (viewer); ask for an editor link.');
}

/** The context of a command the workspace runs: correlated and caused by the request, on behalf of the session. */
export function sessionCommandContext(ctx: Koa.Context, session: AppSession): CommandContext {
  const requestId = ctx.response.get('X-Request-Id') || requestIdFor(undefined);
  return { correlationId: requestId, causationId: requestId, actor: { kind: 'app-session', sessionId: session.sessionId, role: session.role } };
}
