/**
 * Whitespace-delimited tokens shaped like an e-mail address (`x@y.z`, nothing more checked), for
 * texts that drop them. Replaces `/\S+@\S+\.\S+/g`, which backtracks cubically on a long token of
 * `@`s without a dot (10,000 characters of `a@` took minutes): each token is read once here.
 */

const TOKEN = /\S+/g;

/**
 * What `/^\S+@\S+\.\S+$/` says of a token without whitespace, read once: an `@` after the first
 * character, then a `.` with something on each side.
 */
export function isEmailLike(token: string): boolean {
  const at = token.indexOf('@', 1);
  if (at === -1) return false;
  const dot = token.lastIndexOf('.', token.length - 2);
  return dot >= at + 2;
}

/** The text with every e-mail-like token replaced by `replacement`. */
export function replaceEmailLikeTokens(text: string, replacement: string): string {
  return text.replace(TOKEN, (token) => (isEmailLike(token) ? replacement : token));
}

const LINK = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;

/** The text with every link, then every e-mail-like token, replaced by `replacement`: they name neither a language nor a topic. */
export function replaceLinksAndEmails(text: string, replacement: string): string {
  return replaceEmailLikeTokens(text.replace(LINK, replacement), replacement);
}
