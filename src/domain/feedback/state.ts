import type { FeedbackEvent } from './events.js';

export type FeedbackStatus = 'none' | 'pending' | 'processed' | 'deleted';

export interface FeedbackState {
  status: FeedbackStatus;
  projectId?: string;
  text?: string;
  clusterId?: string;
  embeddingModel?: string;
}

export const initialFeedbackState = (): FeedbackState => ({ status: 'none' });

export function evolveFeedback(state: FeedbackState, event: FeedbackEvent): FeedbackState {
  switch (event.type) {
    case 'FeedbackSubmitted':
      return { status: 'pending', projectId: event.data.projectId, text: event.data.text };
    case 'FeedbackProcessed':
      return { ...state, status: 'processed', embeddingModel: event.data.embedding.model };
    case 'FeedbackReembedded':
      return { ...state, embeddingModel: event.data.embedding.model, clusterId: undefined };
    case 'FeedbackClustered':
    case 'FeedbackMoved':
      return { ...state, clusterId: event.data.clusterId };
    case 'FeedbackDeleted':
      return { status: 'deleted', projectId: state.projectId };
  }
}
