import type { IdentityMergeCommand, IdentityMergeState } from '../../domain/identity-merge/decider.js';
import { IDENTITY_MERGE_STEPS } from '../../domain/identity-merge/events.js';
import type { LogPosition } from '../../eventstore/event-store.js';

/** What wakes a merge: the confirming command, or the worker resuming it; and the time of this turn. */
export interface IdentityMergeWake {
  suggestionId: string;
  at: string;
}

/** The suggestion's record: its decision and the merge's steps, and the confirmation's project and place in the log. */
export interface IdentityMergeProcessState {
  merge: IdentityMergeState;
  /** Absent while the suggestion is not confirmed. */
  confirmation?: { projectId: string; position: LogPosition };
}

type RecordStep = Extract<IdentityMergeCommand, { type: 'RecordMergeStep' }>;

/** What the executor does, in order. Every action may run twice (a crash before its step was recorded). */
export type IdentityMergeAction =
  /** Once the read models have applied the confirmation, `ShadowUserMerged` on the candidate's stream, applied by the read models in turn. */
  | { type: 'MergeProfile'; suggestionId: string; confirmedAt: LogPosition }
  /** Record a step done in the suggestion's stream. */
  | { type: 'RecordStep'; command: RecordStep }
  /** Record the completion, with whether the merge reached the read models (an erasure may have taken the suggestion first). */
  | { type: 'Complete'; suggestionId: string; projectId: string; at: string };

/**
 * The merge of a confirmed suggestion (spec 2.3), one turn: given the suggestion's record, the first
 * step not yet done and its record, or the completion. A suggestion not confirmed (open, rejected,
 * dismissed), or already merged: nothing.
 */
export function decideIdentityMerge(wake: IdentityMergeWake, state: IdentityMergeProcessState): IdentityMergeAction[] {
  const { merge, confirmation } = state;
  if (!confirmation || merge.decision !== 'confirmed' || merge.completed) return [];
  const { suggestionId, at } = wake;
  const next = IDENTITY_MERGE_STEPS.find((step) => !merge.done.includes(step));
  if (!next) return [{ type: 'Complete', suggestionId, projectId: confirmation.projectId, at }];
  return [
    { type: 'MergeProfile', suggestionId, confirmedAt: confirmation.position },
    { type: 'RecordStep', command: { type: 'RecordMergeStep', suggestionId, step: next, at } },
  ];
}
