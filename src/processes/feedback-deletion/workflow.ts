import type { FeedbackDeletionCommand, FeedbackDeletionState } from '../../domain/feedback-deletion/decider.js';
import { FEEDBACK_DELETION_STEPS, type FeedbackDeletionStep } from '../../domain/feedback-deletion/events.js';

/** What wakes a deletion: what `FeedbackDeleted` said (the item, its project, the theme it had joined), and the time of this turn. */
export interface FeedbackDeletionWake {
  feedbackId: string;
  projectId: string;
  clusterId: string | null;
  at: string;
}

type RecordStep = Extract<FeedbackDeletionCommand, { type: 'RecordStep' }>;
type Complete = Extract<FeedbackDeletionCommand, { type: 'Complete' }>;

/** What the executor does, in order. Every action may run twice (a crash before its step was recorded). */
export type FeedbackDeletionAction =
  /** Erase the item's stream from the log (once the read models have applied the deletion). */
  | { type: 'EraseItem'; feedbackId: string }
  /** Label the theme the item's theme became without the item's words. */
  | { type: 'RelabelTheme'; projectId: string; clusterId: string }
  /** Record a step done in the deletion's stream. */
  | { type: 'RecordStep'; command: RecordStep }
  /** Record the completion and wait until the read models have applied it. */
  | { type: 'Complete'; command: Complete }
  /** Erase the deletion's own record: it names the item. */
  | { type: 'EraseRecord'; feedbackId: string };

/** The steps not yet done, in order (the theme step only if the item had a theme). */
const pendingSteps = (state: FeedbackDeletionState, hadTheme: boolean): FeedbackDeletionStep[] =>
  FEEDBACK_DELETION_STEPS.filter((step) => !state.done.includes(step) && (step !== 'relabel-theme' || hadTheme));

/**
 * The feedback deletion workflow, one turn: given the deletion's record (the steps done), the next
 * step and its record, or the completion and the record's erasure once every step is done; nothing
 * once completed. The executor performs the actions, then asks again with the state they left.
 */
export function decideFeedbackDeletion(wake: FeedbackDeletionWake, state: FeedbackDeletionState): FeedbackDeletionAction[] {
  if (state.completed) return [];
  const { feedbackId, projectId, clusterId, at } = wake;
  const [next] = pendingSteps(state, clusterId !== null);
  if (!next)
    return [
      { type: 'Complete', command: { type: 'Complete', feedbackId, projectId, at } },
      { type: 'EraseRecord', feedbackId },
    ];
  const perform: FeedbackDeletionAction =
    next === 'erase-item' ? { type: 'EraseItem', feedbackId } : { type: 'RelabelTheme', projectId, clusterId: clusterId! };
  return [perform, { type: 'RecordStep', command: { type: 'RecordStep', feedbackId, step: next, at } }];
}
