import type { Decider } from '../decider.js';
import { decideFeedback, type FeedbackCommand } from './decide.js';
import type { FeedbackEvent } from './events.js';
import { evolveFeedback, initialFeedbackState, type FeedbackState } from './state.js';

export const feedbackDecider: Decider<FeedbackState, FeedbackCommand, FeedbackEvent> = {
  initialState: initialFeedbackState,
  evolve: evolveFeedback,
  decide: decideFeedback,
};
