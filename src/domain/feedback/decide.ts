import { Conflict, NotFound } from '../errors.js';
import type { FeedbackClustered, FeedbackEvent, FeedbackMoved, FeedbackProcessed, FeedbackReembedded, FeedbackSubmitted } from './events.js';
import type { FeedbackState } from './state.js';

export type FeedbackCommand =
  | { type: 'SubmitFeedback'; submission: FeedbackSubmitted['data'] }
  | { type: 'RecordAnalysis'; result: FeedbackProcessed['data'] }
  | { type: 'RecordCluster'; assignment: FeedbackClustered['data'] }
  | { type: 'RecordReembedding'; reembedding: FeedbackReembedded['data'] }
  | { type: 'DeleteFeedback'; feedbackId: string; projectId: string; deletedAt: string; erasureRequestId?: string }
  | {
      type: 'MoveToCluster';
      /** The item's theme now, followed through merges and earlier moves (the caller reads it). */
      move: Omit<FeedbackMoved['data'], 'fromClusterId'> & { fromClusterId: string | null };
      /** The embedding model of the target theme: an item only joins a theme of its own model. */
      targetModel: string;
    };

/** A second submission to an existing item: the caller replays it as an idempotent duplicate. */
export class FeedbackAlreadySubmitted extends Conflict {
  constructor(readonly feedbackId: string) {
    super(`Feedback ${feedbackId} was submitted already`);
  }
}

export function decideFeedback(command: FeedbackCommand, state: FeedbackState): FeedbackEvent[] {
  switch (command.type) {
    case 'SubmitFeedback':
      if (state.status !== 'none') throw new FeedbackAlreadySubmitted(command.submission.feedbackId);
      return [{ type: 'FeedbackSubmitted', data: command.submission }];
    case 'RecordAnalysis':
      // Only a pending item takes an analysis: a retried worker or a deleted item records nothing.
      return state.status === 'pending' ? [{ type: 'FeedbackProcessed', data: command.result }] : [];
    case 'RecordCluster':
      // Once per item: a retried worker records nothing new.
      return state.status === 'processed' && state.clusterId === undefined ? [{ type: 'FeedbackClustered', data: command.assignment }] : [];
    case 'RecordReembedding':
      return state.status === 'processed' && state.embeddingModel !== command.reembedding.embedding.model
        ? [{ type: 'FeedbackReembedded', data: command.reembedding }]
        : [];
    case 'MoveToCluster':
      return moveToCluster(command, state);
    case 'DeleteFeedback':
      if (state.status === 'none' || state.status === 'deleted' || state.projectId !== command.projectId) {
        throw new NotFound('The feedback item');
      }
      return [
        {
          type: 'FeedbackDeleted',
          data: {
            feedbackId: command.feedbackId,
            projectId: command.projectId,
            deletedAt: command.deletedAt,
            clusterId: state.clusterId ?? null,
            ...(command.erasureRequestId === undefined ? {} : { erasureRequestId: command.erasureRequestId }),
          },
        },
      ];
  }
}

function moveToCluster(command: Extract<FeedbackCommand, { type: 'MoveToCluster' }>, state: FeedbackState): FeedbackEvent[] {
  const { move } = command;
  if (state.status === 'none' || state.status === 'deleted' || state.projectId !== move.projectId) throw new NotFound('The feedback item');
  if (state.status !== 'processed' || state.clusterId === undefined || move.fromClusterId === null) {
    throw new Conflict('The feedback item is not in a theme yet: it can be moved once it has been analysed and grouped.');
  }
  if (state.embeddingModel !== command.targetModel) {
    throw new Conflict(`The item was embedded with ${state.embeddingModel}, the theme with ${command.targetModel}: it cannot join that theme.`);
  }
  if (move.fromClusterId === move.clusterId) return [];
  return [{ type: 'FeedbackMoved', data: { ...move, fromClusterId: move.fromClusterId } }];
}
