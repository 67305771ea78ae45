import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Sign-in link tokens and session cookies: 256 random bits, base64url (43 characters). */
export const APP_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newAppSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored of a link token or a session cookie: its SHA-256 (a fast hash suffices for 256 random bits). */
export const hashAppSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * The CSRF token of a session, derived from its cookie: the page gets it, a cross-site page cannot
 * read it, and nothing more is stored. It differs from the cookie's stored hash, so a leaked table
 * row does not give it away.
 */
export const csrfTokenFor = (sessionSecret: string): string => createHash('sha256').update('csrf\0').update(sessionSecret).digest('base64url');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
