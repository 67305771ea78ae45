/**
 * The steps of erasing a deleted item, in order. `erase-item` removes its stream from the log;
 * `relabel-theme` gives its theme a label without its words and erases the old label generation.
 */
export const FEEDBACK_DELETION_STEPS = ['erase-item', 'relabel-theme'] as const;
export type FeedbackDeletionStep = (typeof FEEDBACK_DELETION_STEPS)[number];

/**
 * The record of one deletion process (started by `FeedbackDeleted`). It holds ids only, never text:
 * it stays in the log after the item's own stream is erased.
 */
export type FeedbackDeletionEvent =
  | { type: 'FeedbackDeletionStepCompleted'; data: { feedbackId: string; step: FeedbackDeletionStep; at: string } }
  | { type: 'FeedbackDeletionCompleted'; data: { feedbackId: string; projectId: string; at: string } };

export const feedbackDeletionStream = (feedbackId: string) => `feedback-deletion-${feedbackId}`;
