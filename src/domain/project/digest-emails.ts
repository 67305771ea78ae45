import type { FieldProblem } from '../errors.js';

/** At most this many digest recipients per project. */
export const MAX_DIGEST_EMAILS = 20;

/**
 * A plain address (`local@domain.tld`): no display name, no comments, no quoting, nothing a mail
 * header could be split on. Enough for a recipient list a person types in.
 */
const ADDRESS = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Trims, lower-cases the domain, drops repeats; names each address that is not one. */
export function checkDigestEmails(raw: readonly string[]): { emails: string[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const emails: string[] = [];
  for (const entry of raw) {
    const email = entry.trim();
    if (email.length > 254 || !ADDRESS.test(email) || email.startsWith('.') || email.includes('..')) {
      problems.push({ field: 'digestEmails', message: `"${email.slice(0, 80)}" is not an email address such as pm@example.com` });
      continue;
    }
    const at = email.lastIndexOf('@');
    const normalised = email.slice(0, at) + email.slice(at).toLowerCase();
    if (!emails.includes(normalised)) emails.push(normalised);
  }
  if (emails.length > MAX_DIGEST_EMAILS) problems.push({ field: 'digestEmails', message: `at most ${MAX_DIGEST_EMAILS} addresses` });
  return { emails, problems };
}
