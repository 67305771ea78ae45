import type { Embedding } from '../feedback/analysis-values.js';
import type { QuestionEvent, QuestionVerdict } from './events.js';

export interface TrackedQuestion {
  text: string;
  about: string;
  verdict: QuestionVerdict;
  embeddingModel: string | null;
}

/** The questions a project tracks now, by id. */
export interface TrackedQuestionsState {
  questions: Map<string, TrackedQuestion>;
}

export const initialTrackedQuestionsState = (): TrackedQuestionsState => ({ questions: new Map() });

function withQuestion(state: TrackedQuestionsState, id: string, change: Partial<TrackedQuestion>): TrackedQuestionsState {
  const current = state.questions.get(id);
  if (!current) return state;
  const questions = new Map(state.questions);
  questions.set(id, { ...current, ...change });
  return { questions };
}

const modelOf = (embedding: Embedding) => embedding.model;

export function evolveTrackedQuestions(state: TrackedQuestionsState, event: QuestionEvent): TrackedQuestionsState {
  const id = event.data.questionId;
  switch (event.type) {
    case 'QuestionTracked': {
      const questions = new Map(state.questions);
      questions.set(id, { text: event.data.text, about: event.data.about, verdict: 'insufficient', embeddingModel: null });
      return { questions };
    }
    case 'QuestionEmbedded':
      return withQuestion(state, id, { embeddingModel: modelOf(event.data.embedding) });
    case 'QuestionVerdictChanged':
      return withQuestion(state, id, { verdict: event.data.to });
    case 'QuestionUntracked': {
      const questions = new Map(state.questions);
      questions.delete(id);
      return { questions };
    }
  }
}
