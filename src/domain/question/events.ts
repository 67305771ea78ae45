import type { Embedding } from '../feedback/analysis-values.js';

/** What the matching items say about a tracked question (see `verdict.ts`). */
export type QuestionVerdict = 'positive' | 'negative' | 'mixed' | 'insufficient';

/** Counts only: item ids are never recorded, so the log keeps no ids of items deleted later. */
export interface VerdictCounts {
  matching: number;
  positive: number;
  neutral: number;
  negative: number;
}

interface QuestionRef {
  projectId: string;
  questionId: string;
}

/**
 * The tracked questions of one project live in one stream (`tracked-questions-<projectId>`), appended
 * with its expected revision, so the per-project cap holds under concurrent tracks. The text is
 * recorded redacted.
 */
export type QuestionEvent =
  /** `about`: the subject items are matched against (given, or the text without its framing; see `topic.ts`). */
  | { type: 'QuestionTracked'; data: QuestionRef & { text: string; about: string; trackedAt: string } }
  /** The question's vector from the configured embedding model, made by the evaluation worker. */
  | { type: 'QuestionEmbedded'; data: QuestionRef & { embedding: Embedding; embeddedAt: string } }
  | { type: 'QuestionVerdictChanged'; data: QuestionRef & { from: QuestionVerdict; to: QuestionVerdict; counts: VerdictCounts; changedAt: string } }
  | { type: 'QuestionUntracked'; data: QuestionRef & { untrackedAt: string } };

export const trackedQuestionsStream = (projectId: string) => `tracked-questions-${projectId}`;

/** At most this many questions tracked at once per project (not in the spec; documented in the README). */
export const MAX_TRACKED_QUESTIONS = 20;

/** Length bounds of a question's text, in characters after trimming. */
export const QUESTION_TEXT_MAX = 500;
