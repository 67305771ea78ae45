/**
 * The intake decisions of a call that need no model (spec 3.2, 4.13 rules 4, 7, 8, 9): pure
 * functions of counts and the project's settings. The transcript text never reaches them.
 */

export type TranscriptSpeaker = 'me' | 'them' | 'unknown';

export const TRANSCRIPT_STATUSES = ['queued', 'extracting', 'done', 'failed', 'skipped', 'plan_blocked'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

export const SKIP_REASONS = [
  'too_short',
  'too_long',
  'no_quotable_speech',
  'no_external_attendee',
  'title_excluded',
  'folder_excluded',
  'internal_call',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Under this many spoken words a call is skipped as `too_short` (spec 8). */
export const MIN_WORDS = 800;
/** "Over about three hours" (spec 8): a call longer than this is skipped whole as `too_long`, never sliced. */
export const MAX_CALL_SECONDS = 3 * 60 * 60;
/** Without any time in the call, its length is judged from its words at this speaking rate: 3 h is 27,000 words. */
export const SPEAKING_RATE_WORDS_PER_MINUTE = 150;
export const MAX_WORDS_WITHOUT_TIMES = (MAX_CALL_SECONDS / 60) * SPEAKING_RATE_WORDS_PER_MINUTE;
/** Metering (spec 4.13 rule 9): one item per 500 words or part of 500, at least 2. */
export const WORDS_PER_METERED_ITEM = 500;
export const MIN_METERED_ITEMS = 2;

export interface IntakeFacts {
  wordCount: number;
  /** `duration_sec` as sent. */
  durationSec: number | null;
  /** The latest time the call itself gives (a timestamp, a segment's `start_sec`, a cue's end), in seconds. */
  lastTimeSec: number | null;
  /** Turns per speaker after mapping (rule 3). */
  speakerTurns: Record<TranscriptSpeaker, number>;
  /** Attendees that are external (rule 7); null when no attendee list was sent (there is nothing to judge). */
  externalAttendees: number | null;
  /** The title and folder as sent: matched against the settings, never stored as they are. */
  title: string | null;
  folder: string | null;
}

export interface IntakeExclusions {
  /** Case-insensitive substrings of titles (project setting). */
  excludedTranscriptTitles: string[];
  /** Case-insensitive exact folder names (project setting). */
  excludedTranscriptFolders: string[];
}

/** The project's plan: its monthly allowance of metered items and what this month has counted so far. */
export interface IntakePlan {
  /** Metered items a calendar month (UTC) may count; null is unlimited. */
  monthlyAllowance: number | null;
  /** Metered items counted by the project's calls received this month before this one. */
  meteredThisMonth: number;
}

export const UNLIMITED_PLAN: IntakePlan = { monthlyAllowance: null, meteredThisMonth: 0 };

export type IntakeDecision =
  | { status: 'queued'; skipReason: null; meteredItems: number }
  | { status: 'skipped'; skipReason: SkipReason; meteredItems: 0 }
  /** Would take the month past the plan's allowance: recorded, not counted, not extracted. */
  | { status: 'plan_blocked'; skipReason: null; meteredItems: 0 };

/** One per 500 words or part of 500 (1,001 words are 3 items), never fewer than 2. */
export const meteredItemsFor = (wordCount: number): number => Math.max(MIN_METERED_ITEMS, Math.ceil(wordCount / WORDS_PER_METERED_ITEM));

const fold = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

export function titleExcluded(title: string | null, excluded: string[]): boolean {
  if (title === null) return false;
  const folded = fold(title);
  return excluded.some((entry) => fold(entry).length > 0 && folded.includes(fold(entry)));
}

export function folderExcluded(folder: string | null, excluded: string[]): boolean {
  if (folder === null) return false;
  const folded = fold(folder);
  return excluded.some((entry) => fold(entry) === folded);
}

/** Too long by `duration_sec`, else by the call's own last time, else by its words at 150 a minute. */
export function isTooLong(facts: Pick<IntakeFacts, 'durationSec' | 'lastTimeSec' | 'wordCount'>): boolean {
  const seconds = facts.durationSec ?? facts.lastTimeSec;
  if (seconds !== null) return seconds > MAX_CALL_SECONDS;
  return facts.wordCount > MAX_WORDS_WITHOUT_TIMES;
}

/**
 * The first skip reason that holds, in this order: the project's exclusions (title, then folder),
 * `too_long`, `no_quotable_speech` (no turn is the customer's: `them`), `no_external_attendee` (an
 * attendee list was sent, possibly empty, and none of it is external), `too_short`. A call none of them stops is queued and counted.
 */
export function skipReasonAtIntake(facts: IntakeFacts, exclusions: IntakeExclusions): SkipReason | null {
  if (titleExcluded(facts.title, exclusions.excludedTranscriptTitles)) return 'title_excluded';
  if (folderExcluded(facts.folder, exclusions.excludedTranscriptFolders)) return 'folder_excluded';
  if (isTooLong(facts)) return 'too_long';
  if (facts.speakerTurns.them === 0) return 'no_quotable_speech';
  if (facts.externalAttendees === 0) return 'no_external_attendee';
  if (facts.wordCount < MIN_WORDS) return 'too_short';
  return null;
}

/** True when counting `items` more would take the month past the allowance (reaching it exactly is allowed). */
export const exceedsAllowance = (plan: IntakePlan, items: number): boolean =>
  plan.monthlyAllowance !== null && plan.meteredThisMonth + items > plan.monthlyAllowance;

/**
 * Skips first (a skipped call costs nothing, so it is never `plan_blocked`), then the plan: a call
 * whose metered items would take the month past the allowance is `plan_blocked` and counts nothing.
 */
export function decideIntake(facts: IntakeFacts, exclusions: IntakeExclusions, plan: IntakePlan = UNLIMITED_PLAN): IntakeDecision {
  const skipReason = skipReasonAtIntake(facts, exclusions);
  if (skipReason !== null) return { status: 'skipped', skipReason, meteredItems: 0 };
  const meteredItems = meteredItemsFor(facts.wordCount);
  if (exceedsAllowance(plan, meteredItems)) return { status: 'plan_blocked', skipReason: null, meteredItems: 0 };
  return { status: 'queued', skipReason: null, meteredItems };
}

export interface Attendee {
  email?: string;
  external?: boolean;
}

const domainOf = (email: string | undefined): string | undefined => {
  if (!email) return undefined;
  const at = email.lastIndexOf('@');
  return at < 0
    ? undefined
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase() || undefined;
};

/**
 * Rule 7: `external` as sent; when not sent, true when the attendee's email domain differs from the
 * domain of `owner_email`, and false when either email is missing (nothing is guessed: send
 * `external: true` for an attendee known only by name).
 */
export function isExternal(attendee: Attendee, ownerEmail: string | undefined): boolean {
  if (attendee.external !== undefined) return attendee.external;
  const own = domainOf(ownerEmail);
  const theirs = domainOf(attendee.email);
  return own !== undefined && theirs !== undefined && own !== theirs;
}
