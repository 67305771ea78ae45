import type { IdentityLinking } from '../project/events.js';

/** Emails are compared trimmed and lower-cased, as `POST /feedback` records them. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** Local parts of shared mailboxes: mail from them is no one person's, so it never merges on its own (spec 2.3). */
const ROLE_LOCAL_PARTS = new Set(['admin', 'billing', 'contact', 'hello', 'help', 'info', 'noreply', 'no-reply', 'office', 'sales', 'support', 'team']);

export const isRoleAddress = (email: string): boolean => ROLE_LOCAL_PARTS.has(email.slice(0, email.lastIndexOf('@')));

/** On the project's ignore list: the exact address, or its `@domain`. */
export const isIgnoredEmail = (email: string, ignore: readonly string[]): boolean =>
  ignore.some((entry) => {
    const rule = normaliseEmail(entry);
    return rule.startsWith('@') ? email.endsWith(rule) : email === rule;
  });

export interface EmailClaim {
  /** The `email` trait an identify call wrote, normalised. */
  email: string;
  userId: string;
  linking: IdentityLinking;
  ignore: readonly string[];
  /** The user the email already resolves to, if any. */
  aliasOf: string | undefined;
}

/**
 * What an identify call's `email` trait does (spec 2.3, 4.5 rule 2): `link` makes the email an
 * alias of the user, so feedback arriving with it lands on them and a shadow user with it merges in
 * (linking `auto`); `alias-only` records the alias but leaves a shadow user alone (linking `suggest`:
 * a merge needs confirmation); `none` when linking is off, the address is ignored or a role
 * address, or another user already holds it (two accounts claiming one email are ambiguous).
 */
export function emailClaimOutcome({ email, userId, linking, ignore, aliasOf }: EmailClaim): 'link' | 'alias-only' | 'none' {
  if (linking === 'off' || !EMAIL.test(email) || isIgnoredEmail(email, ignore) || isRoleAddress(email)) return 'none';
  if (aliasOf !== undefined && aliasOf !== userId) return 'none';
  return linking === 'auto' ? 'link' : 'alias-only';
}

/** Why a shadow user and a user claiming its email are not merged on their own (spec 2.3 "ambiguous matches"). */
export type MergeSuggestionReason = 'ignored-address' | 'role-address' | 'claimed-by-another-user' | 'linking-suggest';

/**
 * Whether a claim that does not merge on its own should become a merge suggestion, and why: every
 * case the rules above keep apart, except linking `off` (no identity by email at all) and a value
 * that is no email. Null when the claim links (it merges at once) or suggests nothing.
 */
export function mergeSuggestionReason({ email, userId, linking, ignore, aliasOf }: EmailClaim): MergeSuggestionReason | null {
  if (linking === 'off' || !EMAIL.test(email)) return null;
  if (isIgnoredEmail(email, ignore)) return 'ignored-address';
  if (isRoleAddress(email)) return 'role-address';
  if (aliasOf !== undefined && aliasOf !== userId) return 'claimed-by-another-user';
  return linking === 'suggest' ? 'linking-suggest' : null;
}
