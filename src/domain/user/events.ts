import { createHash } from 'node:crypto';
import type { KeyType } from '../project/events.js';
import type { HealthReason } from './health.js';

/** A trait's value as the API shows it (spec 2.3). */
export type TraitValue = string | number | boolean;

/** What a widget key may not write (spec 4.5 rules 5, 6); `server_value_kept` is silent. */
export type IgnoredReason = 'value_requires_secret_key' | 'unset_requires_secret_key' | 'server_value_kept';

export interface IgnoredTrait {
  key: string;
  reason: IgnoredReason;
}

/** One identify call (spec 4.5): what it wrote, what it removed, and what it was not allowed to write. */
export interface UserIdentified {
  type: 'UserIdentified';
  data: {
    projectId: string;
    userId: string;
    /** String and boolean traits, as sent. */
    traitsSet: Record<string, string | boolean>;
    /**
     * Numeric traits as exact decimal strings (`"49.99"`), never as a float that arithmetic could
     * make drift; the customer-value trait is here whichever form it was sent in.
     */
    numbersSet: Record<string, string>;
    /** Sent as null by a secret key: removed with their value marks. */
    traitsRemoved: string[];
    traitsIgnored: IgnoredTrait[];
    byKeyType: KeyType;
    at: string;
  };
}

/**
 * The user is erased (spec 4.7): the read models drop the profile, then the stream itself leaves
 * the log, and with it this event. A later identify starts a fresh profile in the next incarnation.
 */
export interface UserErased {
  type: 'UserErased';
  data: { projectId: string; userId: string; requestId: string; at: string };
}

/**
 * The user entered the at-risk band (health below 40; spec 6): recorded on entering, not while
 * staying. `triggeredByFeedbackId`: the item whose analysis moved the score, for the backfill rule.
 * `reasons`: why, as the model said at that moment (absent in events recorded before they were kept).
 * `shadow`: the user was known only by an email (the `userId` is that email, the stream is named by
 * its hash): a Slack alert, but no `user.health_changed`, which spec 6 keeps for identified users.
 */
export interface UserHealthChanged {
  type: 'UserHealthChanged';
  data: {
    projectId: string;
    userId: string;
    score: number;
    band: 'at_risk';
    triggeredByFeedbackId: string | null;
    reasons?: HealthReason[];
    shadow?: true;
    at: string;
  };
}

/** The user left the at-risk band: entering it again is a new `UserHealthChanged`. No webhook. */
export interface UserHealthRecovered {
  type: 'UserHealthRecovered';
  data: { projectId: string; userId: string; score: number; at: string };
}

/**
 * A confirmed merge suggestion (spec 2.3): the shadow user of `email` is this user. Its items become
 * theirs and the email becomes their alias (taken from another claimant, if one held it). Recorded
 * on the user's stream, so erasing the user erases the record of the merge with the email in it.
 */
export interface ShadowUserMerged {
  type: 'ShadowUserMerged';
  data: { projectId: string; userId: string; email: string; suggestionId: string; at: string };
}

export type UserEvent = UserIdentified | UserErased | UserHealthChanged | UserHealthRecovered | ShadowUserMerged;

/** The traits a call wrote, as the API shows them: numbers as JSON numbers (exact: see `numbersSet`). */
export const traitsWritten = ({ traitsSet, numbersSet }: UserIdentified['data']): Record<string, TraitValue> => ({
  ...traitsSet,
  ...Object.fromEntries(Object.entries(numbersSet).map(([key, amount]) => [key, Number(amount)])),
});

/**
 * One stream per user of a project. A userId may hold any character and 256 of them, so the
 * stream is named by its hash; the events carry the userId itself.
 */
export const userStream = (projectId: string, userId: string) => `user-${projectId}-${createHash('sha256').update(userId).digest('base64url')}`;

/**
 * An erased stream refuses appends for good, so a user identified again after an erasure gets the
 * next incarnation of their stream (`<stream>.1`, `.2`, ...); incarnation 0 is the plain name.
 */
export const userStreamIncarnation = (projectId: string, userId: string, incarnation: number) =>
  incarnation === 0 ? userStream(projectId, userId) : `${userStream(projectId, userId)}.${incarnation}`;
