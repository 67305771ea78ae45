import { createHash } from 'node:crypto';

/**
 * A merge suggestion's own record (spec 2.3): the operator's decision, then the merge process's
 * steps. Ids and times only: who and which email live in the read model and, once merged, in the
 * user's stream (`ShadowUserMerged`), which an erasure removes.
 */
export type IdentityMergeEvent =
  | { type: 'MergeSuggestionConfirmed'; data: { suggestionId: string; projectId: string; at: string } }
  | { type: 'MergeSuggestionRejected'; data: { suggestionId: string; projectId: string; at: string } }
  /** Closed without a decision on the pair: the project's identity linking was turned `off`. */
  | { type: 'MergeSuggestionDismissed'; data: { suggestionId: string; projectId: string; reason: 'linking-off'; at: string } }
  | { type: 'IdentityMergeStepCompleted'; data: { suggestionId: string; step: IdentityMergeStep; at: string } }
  | { type: 'IdentityMergeCompleted'; data: { suggestionId: string; projectId: string; merged: boolean; at: string } };

/**
 * The steps of a confirmed merge: `merge-profile` records `ShadowUserMerged` on the real user's
 * stream and waits until the read models have applied it (items moved, alias moved, shadow gone).
 */
export const IDENTITY_MERGE_STEPS = ['merge-profile'] as const;
export type IdentityMergeStep = (typeof IDENTITY_MERGE_STEPS)[number];

export const mergeSuggestionStream = (suggestionId: string) => `merge-suggestion-${suggestionId}`;

/**
 * A suggestion's id, the same on every replay: a hash of the event that raised it (its id is
 * random, so the hash says nothing about the email or the user) and the candidate. A suggestion
 * raised again later (after the shadow user had gone) gets a new id, and a fresh record.
 */
export const mergeSuggestionId = (raisedByEventId: string, email: string, candidateUserId: string): string =>
  `sug_${createHash('sha256').update(`${raisedByEventId}\u0000${email}\u0000${candidateUserId}`).digest('base64url').slice(0, 22)}`;
