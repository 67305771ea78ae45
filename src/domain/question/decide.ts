import type { Embedding } from '../feedback/analysis-values.js';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { MAX_TRACKED_QUESTIONS, QUESTION_TEXT_MAX, type QuestionEvent, type VerdictCounts } from './events.js';
import type { TrackedQuestionsState } from './state.js';
import { verdictOf } from './verdict.js';

export type QuestionCommand =
  /** `text` is redacted already (the handler redacts before deciding). */
  /** `subject`: what the question is about when no `about` is given, its text without the framing words (`questionSubject`). */
  | { type: 'TrackQuestion'; projectId: string; questionId: string; text: string; about?: string; subject: string; now: string }
  | { type: 'UntrackQuestion'; projectId: string; questionId: string; now: string }
  | { type: 'RecordQuestionEmbedding'; projectId: string; questionId: string; embedding: Embedding; now: string }
  | { type: 'RecordQuestionEvaluation'; projectId: string; questionId: string; counts: VerdictCounts; now: string };

// Control characters other than tab and newline; a question is one short line of prose.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

function checkText(raw: string, field: string): string {
  const text = raw.trim();
  if (text.length === 0) throw new Invalid([{ field, message: 'must not be empty' }]);
  if ([...text].length > QUESTION_TEXT_MAX) throw new Invalid([{ field, message: `must be at most ${QUESTION_TEXT_MAX} characters` }]);
  if (CONTROL.test(text)) throw new Invalid([{ field, message: 'must not contain control characters' }]);
  if (!text.isWellFormed()) throw new Invalid([{ field, message: 'must be well-formed Unicode (no unpaired surrogates)' }]);
  return text;
}

export function decideTrackedQuestions(command: QuestionCommand, state: TrackedQuestionsState): QuestionEvent[] {
  const { projectId, questionId, now } = command;
  const ref = { projectId, questionId };
  if (command.type === 'TrackQuestion') {
    const text = checkText(command.text, 'text');
    const about = command.about === undefined ? command.subject : checkText(command.about, 'about');
    if (state.questions.has(questionId)) return [];
    if (state.questions.size >= MAX_TRACKED_QUESTIONS) {
      throw new Conflict(`The project tracks ${MAX_TRACKED_QUESTIONS} questions already, the most it may; untrack one first.`);
    }
    return [{ type: 'QuestionTracked', data: { ...ref, text, about, trackedAt: now } }];
  }
  const question = state.questions.get(questionId);
  if (command.type === 'UntrackQuestion') {
    if (!question) throw new NotFound('The tracked question');
    return [{ type: 'QuestionUntracked', data: { ...ref, untrackedAt: now } }];
  }
  // The worker's results for a question untracked meanwhile are dropped.
  if (!question) return [];
  if (command.type === 'RecordQuestionEmbedding') {
    if (question.embeddingModel === command.embedding.model) return [];
    return [{ type: 'QuestionEmbedded', data: { ...ref, embedding: command.embedding, embeddedAt: now } }];
  }
  const to = verdictOf(command.counts);
  if (to === question.verdict) return [];
  return [{ type: 'QuestionVerdictChanged', data: { ...ref, from: question.verdict, to, counts: command.counts, changedAt: now } }];
}
