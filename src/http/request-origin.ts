import { normaliseOrigin } from '../domain/project/settings.js';

/**
 * The browser origin a request names, only when the header is exactly a serialised http(s) origin
 * (RFC 6454: scheme, lower-case host, port only when not the default, nothing else), as browsers
 * send it. A variant spelling (`HTTPS://APP.example.com`, a default `:443`, a path, user info)
 * comes from no browser and is refused rather than normalised into an allowed origin.
 */
export function requestOrigin(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const origin = normaliseOrigin(header);
  return origin === header ? origin : undefined;
}
