import type { FieldProblem } from '../errors.js';
import { customerValueAmount } from '../user/customer-value.js';
import { DIGEST_CADENCES, type IdentityLinking, type ProjectSettings } from './events.js';
import { checkDigestEmails } from './digest-emails.js';

/** The largest monthly allowance of metered call items a project can be given (larger is unlimited in practice). */
export const MAX_CALL_ALLOWANCE = 1_000_000_000;

const LINKING: IdentityLinking[] = ['auto', 'suggest', 'off'];

/** `https://app.example.com/path` → `https://app.example.com`; undefined when it is no http(s) origin. */
export function normaliseOrigin(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** Origins to add to and remove from a project's allowlist, as they are now (no list to replace it). */
export interface OriginEdits {
  add: string[];
  remove: string[];
}

/** Normalises the origins of an edit; the problems name `allowedOrigins` like a replaced list's. */
export function validateOriginEdits(edits: OriginEdits): { edits: OriginEdits; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const normalised = (list: string[]) =>
    list.flatMap((raw) => {
      const origin = normaliseOrigin(raw);
      if (!origin) problems.push({ field: 'allowedOrigins', message: `"${raw}" is not an http(s) origin such as https://app.example.com` });
      return origin ? [origin] : [];
    });
  const result = { add: [...new Set(normalised(edits.add))], remove: [...new Set(normalised(edits.remove))] };
  const both = result.add.filter((origin) => result.remove.includes(origin));
  if (both.length > 0) problems.push({ field: 'allowedOrigins', message: `${both.join(', ')} cannot be both added and removed` });
  return { edits: result, problems };
}

/**
 * The allowlist after the edits: added origins at the end (once), removed ones gone. Removing an
 * origin the list does not hold is refused, so that a misspelt origin is not reported as removed.
 */
export function editOrigins(current: readonly string[], edits: OriginEdits): { origins: string[]; problems: FieldProblem[] } {
  const unknown = edits.remove.filter((origin) => !current.includes(origin));
  const problems = unknown.map((origin) => ({ field: 'allowedOrigins', message: `"${origin}" is not an allowed origin of the project` }));
  const kept = current.filter((origin) => !edits.remove.includes(origin));
  return { origins: [...kept, ...edits.add.filter((origin) => !kept.includes(origin))], problems };
}

/** Validates and normalises a settings change; returns the problems of every bad field. */
export function validateSettings(changes: Partial<ProjectSettings>): { settings: Partial<ProjectSettings>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const settings: Partial<ProjectSettings> = { ...changes };
  if (changes.allowedOrigins) {
    const origins: string[] = [];
    for (const raw of changes.allowedOrigins) {
      const origin = normaliseOrigin(raw);
      if (origin) origins.push(origin);
      else problems.push({ field: 'allowedOrigins', message: `"${raw}" is not an http(s) origin such as https://app.example.com` });
    }
    settings.allowedOrigins = [...new Set(origins)];
  }
  if (changes.customerValueTrait !== undefined && changes.customerValueTrait !== null) {
    const trait = changes.customerValueTrait.trim();
    if (trait.length === 0 || trait.length > 256) problems.push({ field: 'customerValueTrait', message: 'must be 1 to 256 characters' });
    settings.customerValueTrait = trait;
  }
  if (changes.identityLinking !== undefined && !LINKING.includes(changes.identityLinking)) {
    problems.push({ field: 'identityLinking', message: `must be one of ${LINKING.join(', ')}` });
  }
  for (const field of ['identityLinkingIgnore', 'excludedTranscriptTitles', 'excludedTranscriptFolders'] as const) {
    const list = changes[field];
    if (list && list.some((item) => item.trim().length === 0 || item.length > 200)) {
      problems.push({ field, message: 'entries must be 1 to 200 characters' });
    }
    if (list) settings[field] = list.map((item) => item.trim());
  }
  const allowance = changes.monthlyCallAllowance;
  if (allowance !== undefined && allowance !== null && !(Number.isSafeInteger(allowance) && allowance >= 0 && allowance <= MAX_CALL_ALLOWANCE)) {
    problems.push({ field: 'monthlyCallAllowance', message: `must be a whole number from 0 to ${MAX_CALL_ALLOWANCE}` });
  }
  if (changes.slackMinValue !== undefined && changes.slackMinValue !== null) {
    const amount = customerValueAmount(changes.slackMinValue);
    if (amount === undefined) problems.push({ field: 'slackMinValue', message: 'must be an amount such as 5000 or 49.90 (at most 3 decimals)' });
    else settings.slackMinValue = amount;
  }
  if (changes.digest !== undefined && !DIGEST_CADENCES.includes(changes.digest)) {
    problems.push({ field: 'digest', message: `must be one of ${DIGEST_CADENCES.join(', ')}` });
  }
  if (changes.digestEmails) {
    const checked = checkDigestEmails(changes.digestEmails);
    problems.push(...checked.problems);
    settings.digestEmails = checked.emails;
  }
  // Written by the decider when the digest is switched on; sealed values must be sealed.
  delete settings.digestSince;
  for (const field of ['slackWebhookCiphertext', 'githubWebhookSecretCiphertext', 'linearWebhookSecretCiphertext'] as const) {
    const sealed = changes[field];
    if (sealed !== undefined && sealed !== null && !/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/.test(sealed)) problems.push({ field, message: 'must be sealed' });
  }
  return { settings, problems };
}
