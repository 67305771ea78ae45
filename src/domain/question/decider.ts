import type { Decider } from '../decider.js';
import { decideTrackedQuestions, type QuestionCommand } from './decide.js';
import type { QuestionEvent } from './events.js';
import { evolveTrackedQuestions, initialTrackedQuestionsState, type TrackedQuestionsState } from './state.js';

export const trackedQuestionsDecider: Decider<TrackedQuestionsState, QuestionCommand, QuestionEvent> = {
  initialState: initialTrackedQuestionsState,
  evolve: evolveTrackedQuestions,
  decide: decideTrackedQuestions,
};
